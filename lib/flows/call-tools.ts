import type { FunctionCall } from '@google/genai';
import { filter, from, map, mergeMap, type Observable, toArray } from 'rxjs';
import { instrumentedToolCall } from '../context/instrumented.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import type { ToolConfirmation } from '../events/tool-confirmation.js';
import type { ToolLike } from '../models/tool-like.js';
import type { FlowAgent } from './flow-agent.js';
import { mergeFunctionResponseEvents } from './merge-function-response-events.js';
import { runToolCall, type ToolCallOutcome } from './run-tool-call.js';
import { runnableTool } from './runnable-tool.js';

/** One function call to run, with the human's decision when it resumes a confirmed call (SPEC §10). */
export interface ToolCallRequest {
  call: FunctionCall;
  confirmation?: ToolConfirmation;
}

/**
 * Runs the function calls of a model event through {@link runToolCalls} and emits one outcome:
 * the merged function-response event with the responses in call order (and the run's failure
 * under `toolErrors: 'throw'`), or nothing if no call produced a response.
 *
 * @example
 * ```ts
 * callTools(ctx, agent, modelEvent, request.toolsDict).pipe(concatMap(({ event }) => ctx.emit(event)));
 * ```
 */
export function callTools(
  ctx: InvocationContext,
  agent: FlowAgent,
  modelEvent: Event,
  toolsDict: Record<string, ToolLike>,
  relayEvent?: (event: Event) => void,
): Observable<ToolCallOutcome> {
  return runToolCalls(ctx, agent, getFunctionCalls(modelEvent).map((call) => ({ call })), toolsDict, relayEvent);
}

/**
 * The one tool pipeline (SPEC §7.2), shared by a model event's calls and by resumed confirmed
 * calls: all calls start together (`mergeMap`; at most `RunConfig.maxConcurrentTools` at once
 * when set), and one outcome is emitted: the merged function-response event with the responses in
 * call order and the first failure in call order (under `toolErrors: 'throw'`), or nothing if no
 * call produced a response. The events the tools relay go to `relayEvent` as they come.
 *
 * ```
 * calls:      [a, b]
 * tool a:     ---ra|
 * tool b:     ---rb|
 * result:     ---(R|)      R = { parts: [ra, rb] }   (about 3 frames, not 6)
 * with maxConcurrentTools: 1
 * result:     ------(R|)   (b starts when a completes)
 * ```
 *
 * @example
 * ```ts
 * runToolCalls(ctx, agent, [{ call: c1 }, { call: c2, confirmation: { confirmed: true } }], toolsDict)
 *   .subscribe(({ event }) => event.content?.parts?.length); // 2
 * ```
 */
export function runToolCalls(
  ctx: InvocationContext,
  agent: FlowAgent,
  calls: readonly ToolCallRequest[],
  toolsDict: Record<string, ToolLike>,
  relayEvent?: (event: Event) => void,
): Observable<ToolCallOutcome> {
  if (calls.length === 1) return runOne(ctx, agent, calls[0]!, toolsDict, relayEvent);
  return from(calls).pipe(
    mergeMap((request, index) => runOne(ctx, agent, request, toolsDict, relayEvent).pipe(map((outcome) => ({ index, outcome }))), toolConcurrency(ctx)),
    toArray(),
    map(inCallOrder),
    filter((outcomes) => outcomes.length > 0),
    map((outcomes) => mergedOutcome(ctx, outcomes)),
  );
}

function runOne(
  ctx: InvocationContext,
  agent: FlowAgent,
  request: ToolCallRequest,
  toolsDict: Record<string, ToolLike>,
  relayEvent: ((event: Event) => void) | undefined,
): Observable<ToolCallOutcome> {
  const tool = runnableTool(toolsDict, request.call.name ?? '');
  return instrumentedToolCall(ctx, agent, request.call, tool, (ctx) => runToolCall(ctx, agent, request.call, toolsDict, request.confirmation, relayEvent));
}

/** `RunConfig.maxConcurrentTools` when it is a positive number, else unbounded. */
function toolConcurrency(ctx: InvocationContext): number {
  const max = ctx.runConfig.maxConcurrentTools;
  return max && max > 0 ? max : Infinity;
}

function inCallOrder(results: Array<{ index: number; outcome: ToolCallOutcome }>): ToolCallOutcome[] {
  return [...results].sort((a, b) => a.index - b.index).map((r) => r.outcome);
}

/** One event with every response, and the first failure in call order (if any). */
function mergedOutcome(ctx: InvocationContext, outcomes: ToolCallOutcome[]): ToolCallOutcome {
  const event = mergeFunctionResponseEvents(ctx, outcomes.map((o) => o.event));
  const failure = outcomes.find((o) => o.failure)?.failure;
  return failure ? { event, failure } : { event };
}
