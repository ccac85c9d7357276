import type { FunctionCall } from '@google/genai';
import { concatMap, EMPTY, from, map, type Observable } from 'rxjs';
import { leanConcat } from '../../operators/lean-concat.js';
import type { InvocationContext } from '../../context/invocation-context.js';
import { endInvocation } from '../../context/end-invocation.js';
import { ReadonlyContext } from '../../context/readonly-context.js';
import type { Event } from '../../events/event.js';
import { getFunctionCalls } from '../../events/get-function-calls.js';
import type { BaseTool } from '../../tools/base-tool.js';
import type { InvalidConfirmationError } from '../../utils/errors.js';
import {
  checkConfirmationAnswers,
  type ConfirmationMessage,
  type HonouredConfirmation,
  latestConfirmationAnswers,
} from '../check-confirmation-answer.js';
import { runToolCalls } from '../call-tools.js';
import { emitFunctionResponse } from '../emit-function-response.js';
import type { FlowAgent } from '../flow-agent.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';
import { withRelayedToolEvents } from '../with-relayed-tool-events.js';

/**
 * Resumes tool calls a human confirmed (SPEC §6 "Whole turns", §10): when the latest user message
 * answers confirmation requests, its answers are checked together, in part order
 * ({@link checkConfirmationAnswers}). Each request is answered at most once across the session:
 * the first valid answer wins, and every other answer (a copy, a contradicting confirm/reject, an
 * answer to a request answered in an earlier turn, an unknown id, a forgery) becomes an
 * `INVALID_CONFIRMATION` error event. The honoured answers re-run their original calls, once each
 * and in the order the model made them, with `ctx.toolConfirmation` set — through the same
 * pipeline as a model's calls ({@link runToolCalls}: `maxConcurrentTools`, call order, one merged
 * event) — and the response is emitted before the model is called. With nothing to resume, the
 * invocation ends after the refusals. A message is acted on once: the later steps of the
 * invocation emit nothing for it.
 *
 * ```
 * user: [approve R1, approve R1, reject R1]  ─►  error INVALID_CONFIRMATION ×2 ─► pay returned {…} ─► model
 * ```
 *
 * @example
 * ```ts
 * runner.runAsync({ userId, sessionId, newMessage: createConfirmationResponse(request, { confirmed: true }) });
 * // → the tool runs with ctx.toolConfirmation.confirmed === true, then the model answers
 * ```
 */
export const requestConfirmationRequestProcessor: LlmRequestProcessor = (ctx, agent) => {
  // run when its turn in the request's processors comes: with no answer to check there is nothing to wait for
  const latest = latestConfirmationAnswers(ctx.session.events);
  return latest ? actOnAnswers(ctx, agent, latest) : undefined;
};

/** The refusals' error events, then the honoured calls re-run (or, with none, the invocation's end). */
function actOnAnswers(ctx: InvocationContext, agent: FlowAgent, latest: ConfirmationMessage): Observable<Event> {
  const checks = checkConfirmationAnswers(ctx.session.events, agent.name, latest);
  const honoured = checks.flatMap((c) => (c.kind === 'honoured' ? [c.value] : []));
  const refused = checks.flatMap((c) => (c.kind === 'invalid' ? [c.error] : []));
  return leanConcat(
    from(refused).pipe(concatMap((error) => ctx.emit(invalidConfirmationEvent(ctx, error)))),
    honoured.length ? resume(ctx, agent, inCallOrder(ctx.session.events, honoured)) : refused.length ? endInvocation(ctx) : EMPTY,
  );
}

/** The honoured calls in the order the model made them (as ADK resumes them), whatever order the answers came in. */
function inCallOrder(events: readonly Event[], honoured: HonouredConfirmation[]): HonouredConfirmation[] {
  const position = new Map<FunctionCall, number>();
  for (const event of events) for (const call of getFunctionCalls(event)) position.set(call, position.size);
  const at = (h: HonouredConfirmation) => position.get(h.call) ?? Number.MAX_SAFE_INTEGER;
  return [...honoured].sort((a, b) => at(a) - at(b));
}

/** Re-runs the honoured calls through the shared tool pipeline ({@link runToolCalls}) and emits the merged response. */
function resume(ctx: InvocationContext, agent: FlowAgent, honoured: HonouredConfirmation[]): Observable<Event> {
  return agent.canonicalTools(new ReadonlyContext(ctx)).pipe(
    map(toolsByName),
    concatMap((toolsDict) =>
      withRelayedToolEvents((relay) =>
        runToolCalls(ctx, agent, honoured, toolsDict, relay).pipe(concatMap((response) => emitFunctionResponse(ctx, agent, resumedCallEvent(ctx, honoured), response))),
      ),
    ),
  );
}

/** The resumed calls as one model event, so a call that asks again is found by its id. */
function resumedCallEvent(ctx: InvocationContext, honoured: HonouredConfirmation[]): Event {
  return ctx.createEvent({ content: { role: 'model', parts: honoured.map((h) => ({ functionCall: h.call })) } });
}

/** Tools by name, as own properties only (a tool named `__proto__` stays a plain entry). */
function toolsByName(tools: BaseTool[]): Record<string, BaseTool> {
  return Object.fromEntries(tools.map((t) => [t.name, t]));
}

function invalidConfirmationEvent(ctx: InvocationContext, error: InvalidConfirmationError): Event {
  return ctx.createEvent({ errorCode: error.code, errorMessage: error.message });
}
