import { RxadkError } from '../utils/errors.js';

/**
 * `createSession` was given a session id that the (app, user) pair already has.
 *
 * @example
 * ```ts
 * sessions.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe({
 *   error: (e) => e instanceof SessionAlreadyExistsError && console.log(e.sessionId), // 's1'
 * });
 * ```
 */
export class SessionAlreadyExistsError extends RxadkError {
  readonly appName: string;
  readonly userId: string;
  readonly sessionId: string;

  constructor(fields: { appName: string; userId: string; sessionId: string }) {
    super(
      'SESSION_ALREADY_EXISTS',
      `Session "${fields.sessionId}" already exists for app "${fields.appName}", user "${fields.userId}". ` +
        'Load it with getSession(...), or create one with another id (or none, to have one generated).',
    );
    this.appName = fields.appName;
    this.userId = fields.userId;
    this.sessionId = fields.sessionId;
  }
}
