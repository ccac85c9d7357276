import { concatMap, defer, map, type Observable, of } from 'rxjs';
import type { BaseSessionService, SessionRef } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import { ThreadOfAnotherUserError } from './thread-of-another-user-error.js';

/**
 * The stored session of a front-end thread for this user, or `undefined` for a new thread. A
 * thread id another user of the app already holds fails with {@link ThreadOfAnotherUserError}
 * (looked up only when the user has no such session).
 *
 * @example
 * ```ts
 * openThread(sessionService, { appName: 'weather', userId: 'ada', sessionId: 'thread-1' })
 *   .subscribe((session) => console.log(session ? `${session.events.length} events` : 'new thread'));
 * ```
 */
export function openThread(sessionService: BaseSessionService, ref: SessionRef): Observable<Session | undefined> {
  return defer(() => sessionService.getSession(ref)).pipe(
    concatMap((session) => (session ? of(session) : unclaimed(sessionService, ref))),
  );
}

/** `undefined` when no other user of the app holds the id; else the error. */
function unclaimed(sessionService: BaseSessionService, ref: SessionRef): Observable<undefined> {
  return sessionService.listSessions({ appName: ref.appName }).pipe(
    map(({ sessions }) => {
      if (sessions.some((session) => session.id === ref.sessionId && session.userId !== ref.userId)) throw new ThreadOfAnotherUserError(ref.sessionId);
      return undefined;
    }),
  );
}

/**
 * The thread's session: the stored one, or a new one created under the thread id (call it once
 * the request passed its checks, so that bad input stores nothing).
 *
 * @example
 * ```ts
 * openThread(sessionService, ref).pipe(concatMap((stored) => threadSession(sessionService, ref, stored)));
 * ```
 */
export function threadSession(sessionService: BaseSessionService, ref: SessionRef, stored: Session | undefined): Observable<Session> {
  return stored ? of(stored) : defer(() => sessionService.createSession(ref));
}
