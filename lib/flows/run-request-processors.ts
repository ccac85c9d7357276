import type { Observable } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { LlmRequest } from '../models/llm-request.js';
import { runInOrder, startEachInOrder } from '../operators/run-in-order.js';
import type { FlowAgent } from './flow-agent.js';
import type { LlmRequestProcessor } from './llm-request-processor.js';

/**
 * Runs request processors in order, each at its turn ({@link runInOrder}): one that returns
 * nothing is done and the next runs at once; one that returns an Observable is waited for.
 * Emits the events the processors emit.
 *
 * @example
 * ```ts
 * runRequestProcessors(ctx, agent, request, DEFAULT_REQUEST_PROCESSORS).subscribe();
 * ```
 */
export function runRequestProcessors(
  ctx: InvocationContext,
  agent: FlowAgent,
  request: LlmRequest,
  processors: readonly LlmRequestProcessor[],
): Observable<Event> {
  return runInOrder(processors.map((process) => () => process(ctx, agent, request)));
}

/**
 * {@link runRequestProcessors}, started now: runs the processors synchronously until one returns
 * an Observable, and returns that Observable followed by the remaining processors — or nothing
 * when every processor was synchronous (the common case: no subscription at all).
 *
 * @example
 * ```ts
 * const pending = startRequestProcessors(ctx, agent, request, DEFAULT_REQUEST_PROCESSORS);
 * return pending ? concat(pending, callModel$) : callModel$;
 * ```
 */
export function startRequestProcessors(
  ctx: InvocationContext,
  agent: FlowAgent,
  request: LlmRequest,
  processors: readonly LlmRequestProcessor[],
): Observable<Event> | undefined {
  // over the processors themselves: no closure per processor and no array of steps per model call
  return startEachInOrder(processors, (process) => process(ctx, agent, request));
}
