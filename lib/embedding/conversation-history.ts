import { catchError, defer, filter, map, type Observable, of } from 'rxjs';
import type { Runner } from '../runner/runner.js';
import type { Session } from '../sessions/session.js';
import { type ConversationAction, historyFailed, historyLoaded } from './conversation-action.js';

/**
 * A session's stored events, as a Conversation's actions: `history` with the events (nothing when
 * the session does not exist yet), or `history-failed` when the store errors (the returned
 * Observable never errors). Cold: each subscription reads the session once.
 *
 * @example
 * ```ts
 * conversationHistory(runner, { userId: 'u1', sessionId: 's1' }).subscribe(dispatch);
 * ```
 */
export function conversationHistory(runner: Runner, ref: { readonly userId: string; readonly sessionId: string }): Observable<ConversationAction> {
  return defer(() => runner.sessionService.getSession({ appName: runner.appName, userId: ref.userId, sessionId: ref.sessionId })).pipe(
    filter((session): session is Session => !!session),
    map((session) => historyLoaded(session.events)),
    catchError((error: unknown) => of(historyFailed(error))),
  );
}
