import { ignoreElements, Observable } from 'rxjs';
import type { Event } from '../events/event.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';

/**
 * Stores `event` in `session` when subscribed, and completes once it is stored, emitting nothing:
 * `sessionService.appendEvent(session, event).pipe(ignoreElements())`, done at once when the store
 * can append synchronously ({@link BaseSessionService.appendEventNow}: the in-memory store), with
 * no inner Observable and subscriber (the Runner stores every turn's user message this way). A
 * store that cannot (or a throw of the append) goes the same way as before: through `appendEvent`,
 * or to the subscriber as an error.
 *
 * @example
 * ```ts
 * leanConcat(storedSilently(sessionService, ctx.session, userEvent), runAgent$);
 * ```
 */
export function storedSilently(sessionService: BaseSessionService, session: Session, event: Event): Observable<never> {
  return new Observable<never>((subscriber) => {
    if (sessionService.appendEventNow(session, event) !== undefined) return subscriber.complete();
    return sessionService.appendEvent(session, event).pipe(ignoreElements()).subscribe(subscriber);
  });
}
