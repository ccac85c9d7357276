import { catchError, defer, type Observable, throwError } from 'rxjs';
import { CallbackContext } from '../context/callback-context.js';
import { startInSpan } from '../context/instrumented.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { DEFAULT_MAX_LLM_CALLS } from '../context/run-config.js';
import type { EventActions } from '../events/event-actions.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { LlmResponse } from '../models/llm-response.js';
import { llmAgentHooks, type LlmAgentHooks } from '../plugins/llm-agent-hooks.js';
import { LlmCallsLimitExceededError, ModelError, RxadkError, toError } from '../utils/errors.js';
import type { FlowAgent } from './flow-agent.js';

/**
 * One model call with its callbacks, as in the seed's timing diagram:
 *
 * ```
 * before-model chain ──result──► (response|)                       model and after-model skipped
 *        │ no result
 *        ▼
 * model.generateContent ──r1──r2──|  (chunks when streaming)   error ─► on-model-error chain
 *        ▼                                                            result stands in │ none → ModelError
 * after-model chain per response (a result replaces it)
 * ```
 *
 * The callbacks share one {@link CallbackContext} whose actions are the model event's, so state
 * they write lands in that event. `RunConfig.maxLlmCalls` is checked when the model is really
 * called.
 *
 * @example
 * ```ts
 * callModel(ctx, agent, request, actions).subscribe((response) => ...);
 * ```
 */
export function callModel(
  ctx: InvocationContext,
  agent: FlowAgent,
  request: LlmRequest,
  actions: EventActions,
): Observable<LlmResponse> {
  return defer(() => startModelCall(ctx, agent, request, new CallbackContext(ctx, actions)));
}

/**
 * {@link callModel} started now, with the callbacks' context the caller made (the LLM step's
 * makes its actions only when a callback records something): for a caller that is subscribing at
 * this moment (the LLM step, once its request is built), the model is called here instead of in
 * a `defer`. A call past `RunConfig.maxLlmCalls` is the Observable's error, as before.
 *
 * @example
 * ```ts
 * ctx.unlessEnded(() => startModelCall(ctx, agent, request, new CallbackContext(ctx, actions))).subscribe((response) => ...);
 * ```
 */
export function startModelCall(ctx: InvocationContext, agent: FlowAgent, request: LlmRequest, callbackContext: CallbackContext): Observable<LlmResponse> {
  const hooks = llmAgentHooks(ctx.pluginManager, agent);
  return hooks.beforeModel.orElse([callbackContext, request], () => invokeModel(ctx, agent, hooks, request, callbackContext));
}

/** Called by the before-model chain when no callback answered, i.e. when the model is really called (at subscription). */
function invokeModel(
  ctx: InvocationContext,
  agent: FlowAgent,
  hooks: LlmAgentHooks,
  request: LlmRequest,
  callbackContext: CallbackContext,
): Observable<LlmResponse> {
  const exceeded = countModelCall(ctx, agent);
  if (exceeded) return throwError(() => exceeded);
  const model = agent.canonicalModel();
  return startInSpan(ctx, () => model.generateContent(request, ctx.runConfig.streamingMode === 'sse')).pipe(
    catchError((error: unknown) => recoverFromModelError(hooks, request, callbackContext, asModelError(error, model.model, agent.name))),
    hooks.afterModel.replaceEach((response) => [callbackContext, response]),
  );
}

function recoverFromModelError(hooks: LlmAgentHooks, request: LlmRequest, callbackContext: CallbackContext, error: Error): Observable<LlmResponse> {
  return hooks.onModelError.orElse([callbackContext, request, error], () => throwError(() => error));
}

/** Counts the call; the error when it is past `RunConfig.maxLlmCalls`. */
function countModelCall(ctx: InvocationContext, agent: FlowAgent): LlmCallsLimitExceededError | undefined {
  const limit = ctx.runConfig.maxLlmCalls ?? DEFAULT_MAX_LLM_CALLS;
  const count = ctx.incrementLlmCallCount();
  return limit > 0 && count > limit ? new LlmCallsLimitExceededError({ limit, agentName: agent.name }) : undefined;
}

/** Foreign errors become `ModelError`s; the framework's own named errors keep their type. */
function asModelError(error: unknown, model: string, agentName: string): Error {
  if (error instanceof RxadkError) return error;
  const cause = toError(error);
  return new ModelError(`Model "${model}" failed: ${cause.message}`, { model, agentName, cause });
}
