import { RxadkError } from '../utils/errors.js';

/**
 * `runAsync({invocationId})` named an invocation the session does not hold (code
 * `INVOCATION_NOT_FOUND`), or one that cannot be resumed because it has no user message.
 *
 * @example
 * ```ts
 * runner.runAsync({ userId: 'u1', sessionId: 's1', invocationId: 'e-nope' }).subscribe({
 *   error: (e) => e instanceof InvocationNotFoundError && console.log(e.invocationId), // e-nope
 * });
 * ```
 */
export class InvocationNotFoundError extends RxadkError {
  readonly invocationId: string;
  readonly sessionId: string;

  constructor(fields: { invocationId: string; sessionId: string; reason?: string }) {
    super(
      'INVOCATION_NOT_FOUND',
      fields.reason ??
        `Session "${fields.sessionId}" has no invocation "${fields.invocationId}" to resume. Pass the invocationId of one of its events (event.invocationId), or send a newMessage without invocationId to start a new invocation.`,
    );
    this.invocationId = fields.invocationId;
    this.sessionId = fields.sessionId;
  }
}
