import type { Observable } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { isFinalResponse } from '../events/is-final-response.js';
import { repeatWhileLast } from '../operators/repeat-while-last.js';
import type { FlowAgent } from './flow-agent.js';
import { pausedAtLongRunningCall } from './paused-at-long-running-call.js';
import { type LlmStepOptions, startLlmStep } from './run-llm-step.js';

/**
 * The LLM loop of an agent: run a step ({@link runLlmStep}); if its last event is not a final
 * response (it was a tool call and its response), run another; stop after a final response, a
 * partial last event, or a step that emitted nothing. Each step starts through `ctx.unlessEnded`,
 * so once the invocation has ended the next step emits nothing and the loop stops. In a resumable
 * app it also stops at a long-running call, even one the tool answered at once (the invocation
 * pauses there, {@link pausedAtLongRunningCall}).
 *
 * ```
 * step 1:  --call--resp|                  last = function response → go on
 * step 2:                --text|          last = final response → stop
 * flow:    --call--resp--text|
 * ```
 *
 * @example
 * ```ts
 * runLlmFlow(ctx, agent, { processors: DEFAULT_REQUEST_PROCESSORS }).subscribe(render);
 * ```
 */
export function runLlmFlow(ctx: InvocationContext, agent: FlowAgent, options: LlmStepOptions): Observable<Event> {
  return ctx.unlessEnded(() => startLlmStep(ctx, agent, options)).pipe(
    repeatWhileLast((last) => !isStepFinal(last) && !pausedAtLongRunningCall(ctx)),
  );
}

/**
 * True when the loop must stop after a step whose last event was `last`.
 *
 * @example
 * ```ts
 * isStepFinal(finalTextEvent);   // true: the agent is done
 * isStepFinal(functionResponse); // false: call the model again
 * ```
 */
export function isStepFinal(last: Event | undefined): boolean {
  return !last || isFinalResponse(last) || !!last.partial || !!last.actions.endOfAgent;
}
