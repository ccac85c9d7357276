import type { Part } from '@google/genai';
import { concatMap, defer, EMPTY, type Observable, throwError } from 'rxjs';
import { leanConcat } from '../operators/lean-concat.js';
import { concatMapOrForward } from '../operators/concat-map-or-forward.js';
import { instrumentedModelCall } from '../context/instrumented.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { CallbackContext } from '../context/callback-context.js';
import type { Event } from '../events/event.js';
import { createLlmRequest, type LlmRequest } from '../models/llm-request.js';
import type { LlmResponse } from '../models/llm-response.js';
import { startModelCall } from './call-model.js';
import { callTools } from './call-tools.js';
import { startFunctionResponse } from './emit-function-response.js';
import type { FlowAgent } from './flow-agent.js';
import type { LlmRequestProcessor } from './llm-request-processor.js';
import { modelResponseEvent } from './model-response-event.js';
import { ModelCallEventBase, type ModelEventBase } from './model-call-event-base.js';
import { partialResponseEvent } from './partial-response-event.js';
import { startRequestProcessors } from './run-request-processors.js';
import { saveOutputToState } from './save-output-to-state.js';
import { hasStructuredAnswer, structuredAnswerEvent } from './structured-answer-event.js';
import { unreadableCallError } from './unreadable-call-error.js';
import { callsLeftOpen } from './calls-left-open.js';
import { withRelayedToolEvents } from './with-relayed-tool-events.js';

/** The pluggable parts of a step. */
export interface LlmStepOptions {
  processors: readonly LlmRequestProcessor[];
}

/**
 * One step of the LLM loop, as the seed's timing diagram reads:
 *
 * ```
 * build request (processors, in order; they may emit events)
 *   └► before-model ─► model ─► after-model          (per response / streamed chunk)
 *        ├► a streamed chunk: handed on at once (not stored, nothing to wait for)
 *        └► emit model event ─ committed ─► (final response only) run tools
 *             └► emit one merged function-response event ─ committed ─► transfer / end for confirmation
 *                  └► (a set_model_response call) emit the structured answer as the final response
 * resumed (resumable app) with this agent's calls left open: run those tools again instead of the model
 * ```
 *
 * @example
 * ```ts
 * runLlmStep(ctx, agent, { processors: DEFAULT_REQUEST_PROCESSORS }).subscribe(...);
 * ```
 */
export function runLlmStep(ctx: InvocationContext, agent: FlowAgent, options: LlmStepOptions): Observable<Event> {
  return defer(() => startLlmStep(ctx, agent, options));
}

/**
 * {@link runLlmStep} started now: for a caller that is subscribing at this moment (the LLM loop's
 * `ctx.unlessEnded`), the request's processors run at once, and when none of them has anything
 * to wait for, the end of the invocation is read here instead of through one more `defer`.
 *
 * @example
 * ```ts
 * ctx.unlessEnded(() => startLlmStep(ctx, agent, { processors: DEFAULT_REQUEST_PROCESSORS })).subscribe(...);
 * ```
 */
export function startLlmStep(ctx: InvocationContext, agent: FlowAgent, options: LlmStepOptions): Observable<Event> {
  const request = createLlmRequest();
  const pending = startRequestProcessors(ctx, agent, request, options.processors);
  if (!pending) return ctx.ended ? EMPTY : requestedTurn(ctx, agent, request);
  return leanConcat(pending, ctx.unlessEnded(() => requestedTurn(ctx, agent, request)));
}

/** The step once its request is built: the calls a resumed invocation left open run again, else the model is called. */
function requestedTurn(ctx: InvocationContext, agent: FlowAgent, request: LlmRequest): Observable<Event> {
  const open = callsLeftOpen(ctx, agent);
  return open ? handleFunctionCalls(ctx, agent, open, request) : modelTurn(ctx, agent, request);
}

function modelTurn(ctx: InvocationContext, agent: FlowAgent, request: LlmRequest): Observable<Event> {
  // the step is being subscribed (and so is the instrumentation's run): the model call starts now
  return instrumentedModelCall(ctx, agent, request, (ctx) => {
    // the callbacks' context makes its actions when one of them records something (most never do)
    const callbackContext = new CallbackContext(ctx);
    const base = new ModelCallEventBase(ctx.idGenerator(), callbackContext);
    return startModelCall(ctx, agent, request, callbackContext).pipe(
      concatMapOrForward(
        (response) => streamedChunkEvent(ctx, base, response),
        (response) => postprocess(ctx, agent, request, base, response),
      ),
    );
  });
}

/**
 * A streamed chunk's event, handed on without `ctx.emit`: a partial event is never stored and
 * changes no state, so there is nothing for the step to wait for (the Runner still forwards it in
 * arrival order). `undefined` for anything else, which {@link postprocess} handles (a chunk with a
 * function call too, so that its arguments are checked).
 */
function streamedChunkEvent(ctx: InvocationContext, base: ModelEventBase, response: LlmResponse): Event | undefined {
  if (!response.partial || !response.content || response.content.parts?.some((part) => part.functionCall)) return undefined;
  return partialResponseEvent(ctx, base, response);
}

function postprocess(
  ctx: InvocationContext,
  agent: FlowAgent,
  request: LlmRequest,
  base: ModelEventBase,
  response: LlmResponse,
): Observable<Event> {
  if (!response.content && !response.errorCode && !response.interrupted) return EMPTY;
  const unreadable = unreadableCallError(agent.canonicalModel(), agent.name, response);
  if (unreadable) return throwError(() => unreadable);
  const event = saveOutputToState(agent, modelResponseEvent(ctx, base, response, request.toolsDict));
  if (event.partial || !event.content?.parts?.some(isFunctionCallPart)) return ctx.emit(event);
  return leanConcat(ctx.emit(event), handleFunctionCalls(ctx, agent, event, request));
}

function isFunctionCallPart(part: Part): boolean {
  return !!part.functionCall;
}

/** Runs the calls of a model event; the events their tools relay come before the merged response. */
function handleFunctionCalls(ctx: InvocationContext, agent: FlowAgent, modelEvent: Event, request: LlmRequest): Observable<Event> {
  return withRelayedToolEvents((relay) =>
    callTools(ctx, agent, modelEvent, request.toolsDict, relay).pipe(
      concatMap((outcome) => {
        const response = startFunctionResponse(ctx, agent, modelEvent, outcome);
        return hasStructuredAnswer(outcome.event) ? leanConcat(response, emitStructuredAnswer(ctx, agent, outcome.event)) : response;
      }),
    ),
  );
}

/** After a successful `set_model_response` call: the structured answer as the agent's final response. */
function emitStructuredAnswer(ctx: InvocationContext, agent: FlowAgent, responseEvent: Event): Observable<Event> {
  return ctx.unlessEnded(() => {
    const answer = structuredAnswerEvent(ctx, responseEvent);
    return answer ? ctx.emit(saveOutputToState(agent, answer)) : EMPTY;
  });
}
