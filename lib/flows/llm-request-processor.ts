import type { Observable } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { FlowAgent } from './flow-agent.js';

/**
 * One step of building a model request: it changes `request` in place and may emit events (for
 * example the response of a tool call re-run after a confirmation), each through `ctx.emit`. A
 * processor that has nothing to wait for may return nothing instead of an Observable; the next
 * one then runs at once.
 *
 * @example
 * ```ts
 * const addDate: LlmRequestProcessor = (ctx, agent, request) => {
 *   appendInstructions(request, [`Today is ${new Date().toDateString()}.`]);
 * };
 * ```
 */
export type LlmRequestProcessor = (ctx: InvocationContext, agent: FlowAgent, request: LlmRequest) => Observable<Event> | void;
