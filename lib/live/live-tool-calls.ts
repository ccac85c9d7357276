import { concatMap, defer, EMPTY, filter, from, mergeMap, type Observable, takeUntil, throwError } from 'rxjs';
import { leanConcat } from '../operators/lean-concat.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import type { ToolLike } from '../models/tool-like.js';
import { runToolCalls } from '../flows/call-tools.js';
import type { FlowAgent } from '../flows/flow-agent.js';

/**
 * Runs the function calls of a live model event through the same tool pipeline as `runAsync`
 * (callbacks, plugins, timeouts, `toolErrors`), all at once (at most
 * `RunConfig.maxConcurrentTools`), and emits each call's function-response event once it is
 * committed; then `reply(response)` sends it to the model. A call named by a `toolCallCancellation` (`cancelled` emits the ids) is unsubscribed
 * (its tool's `abortSignal` fires) and answers nothing, as Gemini Live expects.
 *
 * ```
 * calls:        [a, b]
 * tool a:       ----ra|
 * tool b:       --------rb|
 * cancelled:    ------[b]
 * result:       ----ra|            (b unsubscribed at the cancellation)
 * ```
 *
 * @example
 * ```ts
 * liveToolCalls(ctx, agent, callEvent, request.toolsDict, cancellations$, (response) => send(response.content)).subscribe(render);
 * ```
 */
export function liveToolCalls(
  ctx: InvocationContext,
  agent: FlowAgent,
  callEvent: Event,
  toolsDict: Record<string, ToolLike>,
  cancelled: Observable<readonly string[]>,
  reply: (response: Event) => void,
): Observable<Event> {
  const max = ctx.runConfig.maxConcurrentTools;
  return from(getFunctionCalls(callEvent)).pipe(
    mergeMap(
      (call) =>
        runToolCalls(ctx, agent, [{ call }], toolsDict).pipe(
          takeUntil(cancelled.pipe(filter((ids) => ids.includes(call.id ?? '')))),
          concatMap((outcome) => leanConcat(ctx.emit(outcome.event), defer(() => answered(outcome, reply)))),
        ),
      max && max > 0 ? max : Infinity,
    ),
  );
}

/** Once the response is committed: the model gets it (`reply`); a failure under `toolErrors: 'throw'` then ends the run. */
function answered(outcome: { event: Event; failure?: Error }, reply: (response: Event) => void): Observable<never> {
  reply(outcome.event);
  return outcome.failure ? throwError(() => outcome.failure) : EMPTY;
}
