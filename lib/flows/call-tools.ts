import { from, map, mergeMap, type Observable, toArray, filter } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { FlowAgent } from './flow-agent.js';
import { mergeFunctionResponseEvents } from './merge-function-response-events.js';
import { runToolCall } from './run-tool-call.js';

/**
 * Runs the function calls of a model event — all started together (`mergeMap`; at most
 * `RunConfig.maxConcurrentTools` at once when set) — and emits one merged function-response
 * event with the responses in call order, or nothing if no call produced a response.
 *
 * ```
 * calls:      [a, b]
 * tool a:     ---ra|
 * tool b:     ---rb|
 * result:     ---(R|)      R = { parts: [ra, rb] }   (about 3 frames, not 6)
 * ```
 *
 * @example
 * ```ts
 * callTools(ctx, agent, modelEvent, request.toolsDict).pipe(concatMap((e) => ctx.emit(e)));
 * ```
 */
export function callTools(
  ctx: InvocationContext,
  agent: FlowAgent,
  modelEvent: Event,
  toolsDict: Record<string, BaseTool>,
): Observable<Event> {
  const calls = getFunctionCalls(modelEvent);
  if (calls.length === 1) return runToolCall(ctx, agent, calls[0]!, toolsDict);
  const concurrency = ctx.runConfig.maxConcurrentTools && ctx.runConfig.maxConcurrentTools > 0 ? ctx.runConfig.maxConcurrentTools : Infinity;
  return from(calls).pipe(
    mergeMap((call, index) => runToolCall(ctx, agent, call, toolsDict).pipe(map((event) => ({ index, event }))), concurrency),
    toArray(),
    map((results) => results.sort((a, b) => a.index - b.index).map((r) => r.event)),
    filter((events) => events.length > 0),
    map((events) => mergeFunctionResponseEvents(ctx, events)),
  );
}
