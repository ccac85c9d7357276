import { defer, type Observable, takeWhile } from 'rxjs';
import { leanConcat } from '../operators/lean-concat.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { DEFAULT_REQUEST_PROCESSORS } from '../flows/default-request-processors.js';
import type { FlowAgent } from '../flows/flow-agent.js';
import type { LlmRequestProcessor } from '../flows/llm-request-processor.js';
import { startRequestProcessors } from '../flows/run-request-processors.js';
import type { LiveRequest } from '../models/live-request.js';
import { createLlmRequest } from '../models/llm-request.js';
import { liveConversation } from './live-conversation.js';

/**
 * The live flow of one agent, as ADK's `run_live`: the request processors build the request as
 * for `runAsync` (instruction, tools, the session's contents as the history), then the
 * {@link liveConversation} runs until the requests close, or until a function response transfers
 * to another agent (that event is the last).
 *
 * ```
 * processors ─► connect (history) ─► events … ─► transfer response|   or   … ─► close|
 * ```
 *
 * @example
 * ```ts
 * runLiveFlow(ctx, agent, queue.asObservable()).subscribe(render);
 * ```
 */
export function runLiveFlow(
  ctx: InvocationContext,
  agent: FlowAgent,
  requests: Observable<LiveRequest>,
  processors: readonly LlmRequestProcessor[] = DEFAULT_REQUEST_PROCESSORS,
): Observable<Event> {
  return defer(() => {
    const request = createLlmRequest();
    const pending = startRequestProcessors(ctx, agent, request, processors);
    const live = defer(() => liveConversation(ctx, agent, request, requests)).pipe(takeWhile((event) => !event.actions.transferToAgent, true));
    return pending ? leanConcat(pending, live) : live;
  });
}
