import { RxadkError } from '../utils/errors.js';

/**
 * A turn could not start because another process (or another Runner on the same store) was
 * running a turn on the same session, and its lock was not released within the store's bounded
 * wait (`PostgresSessionService`'s `lockTimeoutMs`). It is raised before anything of the turn is
 * stored: no user event, no state change. Run the turn again once the other one has finished, or
 * allow a longer wait.
 *
 * @example
 * ```ts
 * runner.runAsync(turn).subscribe({
 *   error: (e) => {
 *     if (e instanceof SessionBusyError) console.log(e.code, e.sessionId, e.waitedMs); // SESSION_BUSY s1 30004
 *   },
 * });
 * ```
 */
export class SessionBusyError extends RxadkError {
  readonly appName: string;
  readonly userId: string;
  readonly sessionId: string;
  /** How long the turn waited for the session's lock (ms). */
  readonly waitedMs: number;

  constructor(fields: { appName: string; userId: string; sessionId: string; waitedMs: number; cause?: unknown }) {
    super(
      'SESSION_BUSY',
      `Session "${fields.sessionId}" (app "${fields.appName}", user "${fields.userId}") is busy: another process ` +
        `is running a turn on it, and did not finish within ${fields.waitedMs} ms. Nothing of this turn was ` +
        'stored. Run the turn again once the other one has finished, or give the session service a longer ' +
        'lockTimeoutMs.',
      { cause: fields.cause },
    );
    this.appName = fields.appName;
    this.userId = fields.userId;
    this.sessionId = fields.sessionId;
    this.waitedMs = fields.waitedMs;
  }
}
