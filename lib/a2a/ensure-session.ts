import { concatMap, type Observable, of } from 'rxjs';
import type { Runner } from '../runner/runner.js';
import type { Session } from '../sessions/session.js';

/**
 * The user's session `sessionId` of the Runner's app, created (empty) when it does not exist yet.
 *
 * @example
 * ```ts
 * ensureSession(runner, 'alice', 'ctx-1').subscribe((session) => console.log(session.id)); // ctx-1
 * ```
 */
export function ensureSession(runner: Runner, userId: string, sessionId: string): Observable<Session> {
  const ref = { appName: runner.appName, userId, sessionId };
  return runner.sessionService
    .getSession(ref)
    .pipe(concatMap((session) => (session ? of(session) : runner.sessionService.createSession(ref))));
}
