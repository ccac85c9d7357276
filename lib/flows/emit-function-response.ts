import { defer, EMPTY, type Observable, throwError } from 'rxjs';
import { leanConcat } from '../operators/lean-concat.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { endInvocation } from '../context/end-invocation.js';
import { AgentConfigError } from '../utils/errors.js';
import type { FlowAgent } from './flow-agent.js';
import { requestConfirmationEvent } from './request-confirmation-event.js';
import type { ToolCallOutcome } from './run-tool-call.js';

/**
 * Emits a merged function-response event and what follows it:
 *
 * ```
 * a call asked for confirmation:  (ask)(response) ─► the invocation ends
 * a call transferred:             (response) ─► committed ─► target agent runs, same invocation
 * a failure (toolErrors 'throw'): (response) ─► committed ─► #failure (the call was answered first)
 * otherwise:                      (response)
 * ```
 *
 * @example
 * ```ts
 * callTools(ctx, agent, modelEvent, toolsDict).pipe(concatMap((outcome) => emitFunctionResponse(ctx, agent, modelEvent, outcome)));
 * ```
 */
export function emitFunctionResponse(ctx: InvocationContext, agent: FlowAgent, callEvent: Event, outcome: ToolCallOutcome): Observable<Event> {
  return defer(() => startFunctionResponse(ctx, agent, callEvent, outcome));
}

/**
 * {@link emitFunctionResponse} started now: for a caller that is subscribing at this moment (a
 * `concatMap`'s projection), the confirmation request is made here instead of in a `defer`.
 *
 * @example
 * ```ts
 * callTools(ctx, agent, modelEvent, toolsDict).pipe(concatMap((outcome) => startFunctionResponse(ctx, agent, modelEvent, outcome)));
 * ```
 */
export function startFunctionResponse(ctx: InvocationContext, agent: FlowAgent, callEvent: Event, outcome: ToolCallOutcome): Observable<Event> {
  const responseEvent = outcome.event;
  const ask = requestConfirmationEvent(ctx, callEvent, responseEvent);
  const emitted = ask ? leanConcat(ctx.emit(ask), ctx.emit(responseEvent)) : ctx.emit(responseEvent);
  // the common case: nothing follows the response (no failure, no confirmation, no transfer)
  if (!ask && !outcome.failure && !responseEvent.actions.transferToAgent) return emitted;
  return leanConcat(
    emitted,
    defer(() => {
      if (outcome.failure) return throwError(() => outcome.failure);
      return ask ? endInvocation(ctx) : transferIfRequested(ctx, agent, responseEvent);
    }),
  );
}

function transferIfRequested(ctx: InvocationContext, agent: FlowAgent, responseEvent: Event): Observable<Event> {
  const name = responseEvent.actions.transferToAgent;
  if (!name) return EMPTY;
  const target = agent.rootAgent.findAgent(name);
  if (!target) {
    return throwError(
      () => new AgentConfigError(`Agent "${agent.name}" transferred to "${name}", but there is no agent of that name in the tree.`, { agentName: agent.name }),
    );
  }
  return target.runAsync(ctx);
}
