import { concat, concatMap, defer, EMPTY, from, map, type Observable } from 'rxjs';
import type { InvocationContext } from '../../context/invocation-context.js';
import { endInvocation } from '../../context/end-invocation.js';
import { ReadonlyContext } from '../../context/readonly-context.js';
import type { Event } from '../../events/event.js';
import type { BaseTool } from '../../tools/base-tool.js';
import type { InvalidConfirmationError } from '../../utils/errors.js';
import {
  checkConfirmationAnswer,
  type HonouredConfirmation,
  latestConfirmationAnswers,
} from '../check-confirmation-answer.js';
import { runToolCalls } from '../call-tools.js';
import { emitFunctionResponse } from '../emit-function-response.js';
import type { FlowAgent } from '../flow-agent.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';

/**
 * Resumes tool calls a human confirmed (SPEC §10): when the latest user message answers
 * confirmation requests, each answer is checked ({@link checkConfirmationAnswer}); honoured ones
 * re-run their original call with `ctx.toolConfirmation` set — through the same pipeline as a model's
 * calls ({@link runToolCalls}: `maxConcurrentTools`, call order, one merged event) — and the response is emitted
 * before the model is called; a refused answer becomes an `INVALID_CONFIRMATION` error event and
 * its tool never runs (and with nothing to resume, the invocation ends there).
 *
 * @example
 * ```ts
 * runner.runAsync({ userId, sessionId, newMessage: createConfirmationResponse(request, { confirmed: true }) });
 * // → the tool runs with ctx.toolConfirmation.confirmed === true, then the model answers
 * ```
 */
export const requestConfirmationRequestProcessor: LlmRequestProcessor = (ctx, agent) =>
  defer(() => {
    const latest = latestConfirmationAnswers(ctx.session.events);
    if (!latest) return EMPTY;
    const checks = latest.answers.map((answer) => checkConfirmationAnswer(ctx.session.events, agent.name, answer, latest.index));
    const honoured = checks.flatMap((c) => (c.kind === 'honoured' ? [c.value] : []));
    const refused = checks.flatMap((c) => (c.kind === 'invalid' ? [c.error] : []));
    return concat(
      from(refused).pipe(concatMap((error) => ctx.emit(invalidConfirmationEvent(ctx, error)))),
      honoured.length ? resume(ctx, agent, honoured) : refused.length ? endInvocation(ctx) : EMPTY,
    );
  });

/** Re-runs the honoured calls through the shared tool pipeline ({@link runToolCalls}) and emits the merged response. */
function resume(ctx: InvocationContext, agent: FlowAgent, honoured: HonouredConfirmation[]): Observable<Event> {
  return agent.canonicalTools(new ReadonlyContext(ctx)).pipe(
    map(toolsByName),
    concatMap((toolsDict) => runToolCalls(ctx, agent, honoured, toolsDict)),
    concatMap((response) => emitFunctionResponse(ctx, agent, resumedCallEvent(ctx, honoured), response)),
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
