import { RxadkError } from '../utils/errors.js';

/**
 * A front-end's request (AG-UI's `RunAgentInput`, `useChat`'s body) that cannot start a turn.
 * Raised before anything runs or is stored; `status` is the HTTP status a server answers with.
 * The subclasses name each case: {@link MalformedClientInputError}, {@link EditedHistoryError},
 * {@link UnknownToolCallError}, {@link ThreadOfAnotherUserError}, {@link NothingToRunError}.
 *
 * @example
 * ```ts
 * prepareAgUiRun(runner, 'user', input).subscribe({ error: (e) => e instanceof ClientTurnError && console.log(e.status, e.message) });
 * ```
 */
export class ClientTurnError extends RxadkError {
  /** 400, 403 or 409. */
  readonly status: number;

  constructor(code: string, message: string, status: number) {
    super(code, message);
    this.status = status;
  }
}
