import type { FunctionCall, FunctionResponse } from '@google/genai';
import { defer, filter, type Observable, of, take, throwError, timeout } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import { LazyAbortController } from '../utils/lazy-abort-controller.js';
import { ToolContext } from '../context/tool-context.js';
import type { ToolConfirmation } from '../events/tool-confirmation.js';
import type { Event } from '../events/event.js';
import { abortOnTeardown } from '../operators/abort-on-teardown.js';
import { llmAgentHooks, type LlmAgentHooks } from '../plugins/llm-agent-hooks.js';
import { isDefined } from '../utils/from-maybe-async.js';
import type { ToolLike } from '../models/tool-like.js';
import type { BaseTool } from '../tools/base-tool.js';
import { CONFIRMATION_REQUIRED_ERROR } from '../tools/function-tool.js';
import { startInSpan } from '../context/instrumented.js';
import type { ToolCallOutcome } from '../context/tool-call-outcome.js';
import { NonJsonResultError, ToolExecutionError, ToolNotFoundError, ToolTimeoutError, toError } from '../utils/errors.js';
import { asJsonValue } from '../utils/as-json-value.js';
import { toolTimeoutOf } from '../tools/tool-timeout.js';
import type { FlowAgent } from './flow-agent.js';
import { runnableTool } from './runnable-tool.js';
import { settleToolResult } from './settle-tool-result.js';
import { toolReply, type ToolResult } from './tool-reply.js';

export type { ToolCallOutcome, ToolResult };

/** A call's result before it becomes an event. */
interface Settled {
  result: ToolResult;
  failure?: Error;
}

/**
 * Runs one function call and emits its outcome: the function-response event (or nothing, for a
 * long-running tool that returned nothing). Every fault becomes an `{error}` reply, so a stored
 * call is always answered (SPEC §6, whole turns). In order:
 *
 * ```
 * unknown tool ───────────────────────────────────────────────► {error: "Tool x is not available..."}
 * before-tool chain ──result──────────────────────────────┐
 *    │ none                                                 │
 * validate args ──invalid──► {error: "Invalid arguments..."} │ (tool never runs)
 *    │ valid                                                │
 * tool.runAsync ──timeout──► abort its signal, {error: "Tool x timed out after n ms."}
 *    │ ──error──► on-tool-error chain ──none──► {error: "<tool> failed: ..."}
 *    │ result (non-object r → {result: r})                  │
 *    ▼◄─────────────────────────────────────────────────────┘
 * after-tool chain (a result replaces it)
 *    ▼
 * not JSON? ──► {error: "Tool x returned a result that is not JSON: ..."}
 *    ▼
 * function-response event (role user, the call's id)
 * ```
 *
 * A callback or plugin that throws in any tool hook answers with `{error}` naming the hook and
 * its owner (a `CallbackError`). Under `toolErrors: 'throw'`, a tool failure or a hook fault
 * also sets the outcome's `failure`: the run fails after the response is committed.
 *
 * The call gets its own abort signal: it fires when the call is cancelled, times out, or the run is.
 * The events the tool relays (`ctx.relayEvent`, a `NodeTool`'s node events) go to `relayEvent`.
 *
 * @example
 * ```ts
 * runToolCall(ctx, agent, { id: 'c1', name: 'get_weather', args: { city: 'Paris' } }, request.toolsDict)
 *   .subscribe(({ event, failure }) => ...);
 * ```
 */
export function runToolCall(
  ctx: InvocationContext,
  agent: FlowAgent,
  call: FunctionCall,
  toolsDict: Record<string, ToolLike>,
  toolConfirmation?: ToolConfirmation,
  relayEvent?: (event: Event) => void,
): Observable<ToolCallOutcome> {
  return defer(() => {
    const cancellation = new LazyAbortController(() => ctx.abortSignal);
    const toolContext = new ToolContext(ctx, {
      functionCallId: call.id ?? '',
      abortSignal: () => cancellation.signal,
      ...(toolConfirmation ? { toolConfirmation } : {}),
      ...(relayEvent ? { relayEvent } : {}),
    });
    const args = isRecord(call.args) ? call.args : {};
    const tool = runnableTool(toolsDict, call.name ?? '');
    const outcomeOf = ({ result, failure }: Settled): ToolCallOutcome => ({
      event: responseEvent(ctx, call, toolContext, withConfirmationReply(toolContext, result)),
      ...(failure ? { failure } : {}),
    });
    const outcome$ = tool ? settledRun({ ctx, agent, tool, args, rawArgs: call.args, toolContext, cancellation }, outcomeOf) : of(outcomeOf({ result: unknownTool(call, agent, toolsDict) }));
    return outcome$.pipe(abortOnTeardown(cancellation));
  });
}

/** Everything one call's steps need. */
interface ToolRun {
  ctx: InvocationContext;
  agent: FlowAgent;
  tool: BaseTool;
  args: Record<string, unknown>;
  /** The arguments as the model sent them (maybe not an object). */
  rawArgs: unknown;
  toolContext: ToolContext;
  cancellation: LazyAbortController;
}

/** Hooks, tool, policy: the result the model gets, faults included, as the call's outcome. */
function settledRun(run: ToolRun, outcomeOf: (settled: Settled) => ToolCallOutcome): Observable<ToolCallOutcome> {
  const { ctx, agent, tool, args, toolContext } = run;
  const hooks = llmAgentHooks(ctx.pluginManager, agent);
  const results = hooks.beforeTool.orElse([toolContext, tool, args], () => validatedRun(run, hooks));
  // an after-tool chain sees the defined results only; without one, settleToolResult skips `undefined` itself
  const afterTool = hooks.afterTool.registered ? results.pipe(filter(isDefined), hooks.afterTool.replaceEach((result) => [toolContext, tool, args, result])) : results;
  return afterTool.pipe(
    settleToolResult(
      (result): Settled => ({ result: asJsonResult(tool, result) }),
      (error) => faultReply(ctx, tool, toError(error)),
      outcomeOf,
    ),
  );
}

/** Validates, runs (bounded by the tool's timeout), recovers. Emits `undefined` for a long-running tool that gave no result. */
function validatedRun(run: ToolRun, hooks: LlmAgentHooks): Observable<ToolResult | undefined> {
  const { ctx, agent, tool, args, toolContext } = run;
  const invalid = notAnObject(tool, run.rawArgs) ?? validationError(tool, args);
  if (invalid) return of({ error: invalid });
  // called when the call is subscribed (runToolCall's defer, or the before-tool chain's fallback): the tool's run starts now
  const result$ = startInSpan(ctx, () => tool.runAsync(args, toolContext)).pipe(
    take(1),
    toolReply(tool, (error: unknown) =>
      hooks.onToolError.orElse([toolContext, tool, args, toError(error)], () => toolFailure(ctx, agent, tool, toolContext, toError(error))),
    ),
  );
  const limit = toolTimeoutOf(tool, ctx.runConfig);
  return limit === undefined ? result$ : result$.pipe(timeout({ first: limit, with: () => timedOut(run, limit) }));
}

/** The tool ran past its timeout: its signal fires, and the model is told. */
function timedOut(run: ToolRun, limit: number): Observable<ToolResult> {
  return defer(() => {
    const message = `Tool ${run.tool.name} timed out after ${limit} ms.`;
    run.cancellation.abort(new ToolTimeoutError({ toolName: run.tool.name, timeoutMs: limit }));
    return of({ error: message });
  });
}

/** An unhandled tool error: `{error}` for the model, or (under `toolErrors: 'throw'`) a ToolExecutionError. */
function toolFailure(ctx: InvocationContext, agent: FlowAgent, tool: BaseTool, toolContext: ToolContext, error: Error): Observable<ToolResult> {
  if (ctx.runConfig.toolErrors !== 'throw') return of({ error: `${tool.name} failed: ${error.message}` });
  return throwError(() => new ToolExecutionError({ toolName: tool.name, functionCallId: toolContext.functionCallId, agentName: agent.name, cause: error }));
}

/** A fault the pipeline caught: the model's `{error}` reply, and the run's failure under `toolErrors: 'throw'`. */
function faultReply(ctx: InvocationContext, tool: BaseTool, error: Error): Settled {
  const message = error instanceof ToolExecutionError ? `${tool.name} failed: ${(error.cause as Error | undefined)?.message ?? error.message}` : error.message;
  return ctx.runConfig.toolErrors === 'throw' ? { result: { error: message }, failure: error } : { result: { error: message } };
}

/** The result as JSON data, or the `{error}` that names the tool and why it is not JSON. */
function asJsonResult(tool: BaseTool, result: ToolResult): ToolResult {
  const check = asJsonValue(result);
  if (check.ok) return check.value as ToolResult;
  return { error: new NonJsonResultError({ toolName: tool.name, reason: check.reason }).message };
}

/** Arguments that are there but are not an object (a string, a number, an array, null). */
function notAnObject(tool: BaseTool, rawArgs: unknown): string | undefined {
  if (rawArgs === undefined || isRecord(rawArgs)) return undefined;
  const got = rawArgs === null ? 'null' : Array.isArray(rawArgs) ? 'an array' : `a ${typeof rawArgs}`;
  return `Invalid arguments for tool "${tool.name}": the arguments must be an object, got ${got}. Call it again with an object of named arguments.`;
}

function validationError(tool: BaseTool, args: Record<string, unknown>): string | undefined {
  const validate = (tool as { validateArguments?: (a: Record<string, unknown>) => string | undefined }).validateArguments;
  const reason = validate?.call(tool, args);
  return reason ? `Invalid arguments for tool "${tool.name}": ${reason}. Call it again with arguments that match its parameters.` : undefined;
}

function unknownTool(call: FunctionCall, agent: FlowAgent, toolsDict: Record<string, ToolLike>): ToolResult {
  const name = typeof call.name === 'string' ? call.name : '';
  const error = new ToolNotFoundError({ toolName: name, agentName: agent.name, availableTools: Object.keys(toolsDict) });
  return { error: error.message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A call that asked for confirmation answers with the "requires confirmation" error. */
function withConfirmationReply(toolContext: ToolContext, result: ToolResult): ToolResult {
  const recorded = toolContext.recordedActions;
  return recorded !== undefined && Object.hasOwn(recorded.requestedToolConfirmations, toolContext.functionCallId) ? { error: CONFIRMATION_REQUIRED_ERROR } : result;
}

/** The `functionResponse` part answering `call` (its id only when the call has one). */
function functionResponseOf(call: FunctionCall, response: ToolResult): FunctionResponse {
  const name = typeof call.name === 'string' ? call.name : '';
  return typeof call.id === 'string' ? { id: call.id, name, response } : { name, response };
}

function responseEvent(ctx: InvocationContext, call: FunctionCall, toolContext: ToolContext, response: ToolResult): Event {
  return ctx.createEvent({
    content: {
      role: 'user',
      parts: [{ functionResponse: functionResponseOf(call, response) }],
    },
    // nothing recorded: the event's own empty actions, in the same place (no context's actions made to be copied)
    actions: toolContext.recordedActions,
  });
}
