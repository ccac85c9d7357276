import type { Runner } from 'rxadk';
import { catchError, endWith, map, merge, type Observable, of, startWith, take, takeWhile } from 'rxjs';
import type { ChatAction } from './chat-view';

/** Who is chatting, on which session. */
export interface ChatSession {
  runner: Runner;
  userId: string;
  sessionId: string;
}

/**
 * One turn as a stream of {@link ChatAction}s: `sent`, the runner's events (streamed with
 * `streamingMode: 'sse'`), then `done`, `failed`, or `cancelled` when `cancels` emits first.
 * Cancelling completes the stream, which unsubscribes `runner.runAsync(...)`: the Runner aborts
 * the invocation, so the running tool's `ctx.abortSignal` fires and nothing more is stored.
 *
 * @example
 * ```ts
 * sends$.pipe(concatMap((text) => chatTurn(session, text, cancels$)), scan(reduceChat, EMPTY_CHAT));
 * ```
 */
export function chatTurn(session: ChatSession, text: string, cancels: Observable<unknown>): Observable<ChatAction> {
  const answer = session.runner
    .runAsync({
      userId: session.userId,
      sessionId: session.sessionId,
      newMessage: { role: 'user', parts: [{ text }] },
      runConfig: { streamingMode: 'sse' },
    })
    .pipe(
      map((event): ChatAction => ({ kind: 'event', event })),
      endWith<ChatAction>({ kind: 'done' }),
      catchError((error: unknown) => of<ChatAction>({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })),
    );
  const cancelled = cancels.pipe(take(1), map((): ChatAction => ({ kind: 'cancelled' })));
  return merge(answer, cancelled).pipe(
    takeWhile((action) => action.kind === 'event', true),
    startWith<ChatAction>({ kind: 'sent', text }),
  );
}
