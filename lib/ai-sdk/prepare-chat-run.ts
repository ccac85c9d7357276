import { concatMap, map, type Observable } from 'rxjs';
import { openThread, threadSession } from '../front-ends/open-thread.js';
import { runThreadTurn } from '../front-ends/thread-turn.js';
import type { Runner } from '../runner/runner.js';
import type { ChatRequest } from './chat-request.js';
import { chatTurn } from './chat-turn.js';
import { toUiMessageChunks } from './to-ui-message-chunks.js';
import type { UiMessageChunk } from './ui-message-chunk.js';

/**
 * Checks a `useChat` request against the user's chat (session) and prepares the turn: emits once
 * its UI message chunks (cold), after the checks passed and the session of a new chat was
 * created; or fails with the check's named error (a `ClientTurnError`) having stored nothing.
 *
 * @example
 * ```ts
 * prepareChatRun(runner, 'user', parseChatRequest(body)).pipe(concatMap((chunks) => chunks)).subscribe(console.log);
 * ```
 */
export function prepareChatRun(runner: Runner, userId: string, request: ChatRequest): Observable<Observable<UiMessageChunk>> {
  const ref = { appName: runner.appName, userId, sessionId: request.id };
  return openThread(runner.sessionService, ref).pipe(
    concatMap((stored) => {
      const turn = chatTurn(userId, stored, request);
      return threadSession(runner.sessionService, ref, stored).pipe(map((session) => runThreadTurn(runner, turn).pipe(toUiMessageChunks(session.state))));
    }),
  );
}
