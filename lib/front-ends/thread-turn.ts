import type { Content } from '@google/genai';
import { defer, type Observable } from 'rxjs';
import type { Event } from '../events/event.js';
import { CLIENT_TOOLS_STATE_KEY, type ClientToolDeclaration } from '../plugins/builtin/client-tools-plugin.js';
import type { Runner } from '../runner/runner.js';

/**
 * One checked front-end turn: whose thread, whether it is stored yet, the message to run, and
 * the client's tools.
 *
 * @example
 * ```ts
 * const turn: ThreadTurn = { userId: 'user', threadId: 't1', newMessage: { role: 'user', parts: [{ text: 'Hi' }] }, clientTools: [] };
 * ```
 */
export interface ThreadTurn {
  userId: string;
  threadId: string;
  newMessage: Content;
  clientTools: readonly ClientToolDeclaration[];
}

/**
 * Runs a {@link ThreadTurn} on its stored session (see `threadSession`) with partial events streamed (`streamingMode: 'sse'`) and the client's tools in the invocation's `temp:`
 * state (for the `ClientToolsPlugin`). Cold; unsubscribing cancels the invocation.
 *
 * @example
 * ```ts
 * runThreadTurn(runner, turn).subscribe((event) => console.log(event.author, event.partial));
 * ```
 */
export function runThreadTurn(runner: Runner, turn: ThreadTurn): Observable<Event> {
  return defer(() =>
    runner.runAsync({
      userId: turn.userId,
      sessionId: turn.threadId,
      newMessage: turn.newMessage,
      ...(turn.clientTools.length > 0 ? { stateDelta: { [CLIENT_TOOLS_STATE_KEY]: turn.clientTools } } : {}),
      runConfig: { streamingMode: 'sse' },
    }),
  );
}
