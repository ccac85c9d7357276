import { ModelError } from '../utils/errors.js';

/** The WebSocket close codes after which a live session with a resumption handle reconnects. */
export const RECONNECTABLE_CLOSE_CODES: readonly number[] = [1006, 1011, 1012];

/**
 * A live connection to a model closed before the conversation ended: the server went away
 * (`goAway`, code `undefined`), or the socket closed with a code other than 1000. `closeCode` is the
 * WebSocket close code; `reason` the server's reason.
 *
 * @example
 * ```ts
 * runner.runLive({ userId, sessionId, liveRequestQueue }).subscribe({
 *   error: (e) => e instanceof LiveConnectionClosedError && console.log(e.closeCode), // e.g. 1011
 * });
 * ```
 */
export class LiveConnectionClosedError extends ModelError {
  readonly closeCode: number | undefined;
  readonly reason: string;

  constructor(fields: { model: string; code: number | undefined; reason?: string; goAway?: boolean }) {
    const what = fields.goAway
      ? `the server sent goAway`
      : `the connection closed with code ${fields.code}${fields.reason ? ` (${fields.reason})` : ''}`;
    super(
      `The live session with model "${fields.model}" ended: ${what}. ` +
        'Without a session resumption handle it cannot be resumed: set runConfig.sessionResumption to reconnect transparently.',
      { model: fields.model },
    );
    this.closeCode = fields.code;
    this.reason = fields.reason ?? '';
  }

  /** True for a goAway or a close code after which a session with a handle reconnects (1006, 1011, 1012). */
  get reconnectable(): boolean {
    return this.closeCode === undefined || RECONNECTABLE_CLOSE_CODES.includes(this.closeCode);
  }
}
