import type { FunctionCall } from '@google/genai';
import { catchError, concatMap, defaultIfEmpty, defer, EMPTY, filter, map, type Observable, of, take, throwError } from 'rxjs';
import { orElse } from '../operators/or-else.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { LazyAbortController } from '../context/lazy-abort-controller.js';
import { ToolContext } from '../context/tool-context.js';
import type { ToolConfirmation } from '../events/tool-confirmation.js';
import type { Event } from '../events/event.js';
import { abortOnTeardown } from '../operators/abort-on-teardown.js';
import { hasCallbacks, runCallbackChain } from '../plugins/run-callback-chain.js';
import { isDefined } from '../utils/from-maybe-async.js';
import type { BaseTool } from '../tools/base-tool.js';
import { CONFIRMATION_REQUIRED_ERROR } from '../tools/function-tool.js';
import { ToolExecutionError, ToolNotFoundError, toError } from '../utils/errors.js';
import type { FlowAgent } from './flow-agent.js';

/** A tool result as the model receives it. */
export type ToolResult = Record<string, unknown>;

/**
 * Runs one function call and emits its function-response event (or nothing, for a long-running
 * tool that returned nothing). In order:
 *
 * ```
 * unknown tool ───────────────────────────────────────────────► {error: "Tool x is not available..."}
 * before-tool chain ──result──────────────────────────────┐
 *    │ none                                                 │
 * validate args ──invalid──► {error: "Invalid arguments..."} │ (tool never runs)
 *    │ valid                                                │
 * tool.runAsync ──error──► on-tool-error chain ──none──► {error: "<tool> failed: ..."} (or ToolExecutionError)
 *    │ result (non-object r → {result: r})                  │
 *    ▼◄─────────────────────────────────────────────────────┘
 * after-tool chain (a result replaces it) ──► function-response event (role user, the call's id)
 * ```
 *
 * The call gets its own abort signal: it fires when this call is cancelled or the run is.
 *
 * @example
 * ```ts
 * runToolCall(ctx, agent, { id: 'c1', name: 'get_weather', args: { city: 'Paris' } }, request.toolsDict).subscribe(...);
 * ```
 */
export function runToolCall(
  ctx: InvocationContext,
  agent: FlowAgent,
  call: FunctionCall,
  toolsDict: Record<string, BaseTool>,
  toolConfirmation?: ToolConfirmation,
): Observable<Event> {
  return defer(() => {
    const cancellation = new LazyAbortController(() => ctx.abortSignal);
    const toolContext = new ToolContext(ctx, {
      functionCallId: call.id ?? '',
      abortSignal: () => cancellation.signal,
      ...(toolConfirmation ? { toolConfirmation } : {}),
    });
    const args = (call.args ?? {}) as Record<string, unknown>;
    const tool = ownTool(toolsDict, call.name ?? '');
    const result$ = tool ? toolResult(ctx, agent, tool, args, toolContext) : of(unknownTool(call, agent, toolsDict));
    return result$.pipe(
      map((result) => responseEvent(ctx, call, toolContext, withConfirmationReply(toolContext, result))),
      abortOnTeardown(cancellation),
    );
  });
}

/** The tool of that name, if the dict has it as its own entry (never an `Object.prototype` member such as `constructor`). */
function ownTool(toolsDict: Record<string, BaseTool>, name: string): BaseTool | undefined {
  return Object.hasOwn(toolsDict, name) ? toolsDict[name] : undefined;
}

function toolResult(
  ctx: InvocationContext,
  agent: FlowAgent,
  tool: BaseTool,
  args: Record<string, unknown>,
  toolContext: ToolContext,
): Observable<ToolResult> {
  const result$: Observable<ToolResult | undefined> = orElse(
    runCallbackChain(ctx.pluginManager, 'beforeToolCallback', agent.beforeToolCallbacks, toolContext, tool, args),
    () => validatedRun(ctx, agent, tool, args, toolContext),
  );
  if (!hasCallbacks(ctx.pluginManager, 'afterToolCallback', agent.afterToolCallbacks)) return result$.pipe(filter(isDefined));
  return result$.pipe(
    concatMap((result) =>
      result === undefined
        ? EMPTY
        : orElse(runCallbackChain(ctx.pluginManager, 'afterToolCallback', agent.afterToolCallbacks, toolContext, tool, args, result), () => of(result)),
    ),
  );
}

/** Validates, runs, recovers. Emits `undefined` for a long-running tool that gave no result. */
function validatedRun(
  ctx: InvocationContext,
  agent: FlowAgent,
  tool: BaseTool,
  args: Record<string, unknown>,
  toolContext: ToolContext,
): Observable<ToolResult | undefined> {
  const invalid = validationError(tool, args);
  if (invalid) return of({ error: invalid });
  return defer(() => tool.runAsync(args, toolContext)).pipe(
    take(1),
    map((value) => asToolResult(tool, value)),
    defaultIfEmpty(tool.isLongRunning ? undefined : { result: null }),
    catchError((error: unknown) => recoverFromToolError(ctx, agent, tool, args, toolContext, toError(error))),
  );
}

function recoverFromToolError(
  ctx: InvocationContext,
  agent: FlowAgent,
  tool: BaseTool,
  args: Record<string, unknown>,
  toolContext: ToolContext,
  error: Error,
): Observable<ToolResult> {
  return orElse(runCallbackChain(ctx.pluginManager, 'onToolErrorCallback', agent.onToolErrorCallbacks, toolContext, tool, args, error), () => {
      if (ctx.runConfig.toolErrors === 'throw') {
        return throwError(
          () => new ToolExecutionError({ toolName: tool.name, functionCallId: toolContext.functionCallId, agentName: agent.name, cause: error }),
        );
      }
      return of({ error: `${tool.name} failed: ${error.message}` });
  });
}

function validationError(tool: BaseTool, args: Record<string, unknown>): string | undefined {
  const validate = (tool as { validateArguments?: (a: Record<string, unknown>) => string | undefined }).validateArguments;
  const reason = validate?.call(tool, args);
  return reason ? `Invalid arguments for tool "${tool.name}": ${reason}. Call it again with arguments that match its parameters.` : undefined;
}

function unknownTool(call: FunctionCall, agent: FlowAgent, toolsDict: Record<string, BaseTool>): ToolResult {
  const error = new ToolNotFoundError({ toolName: call.name ?? '', agentName: agent.name, availableTools: Object.keys(toolsDict) });
  return { error: error.message };
}

/** A non-object result `r` is sent as `{result: r}`; a long-running tool's `undefined` stays empty. */
function asToolResult(tool: BaseTool, value: unknown): ToolResult | undefined {
  if (value === undefined && tool.isLongRunning) return undefined;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as ToolResult;
  return { result: value ?? null };
}

/** A call that asked for confirmation answers with the "requires confirmation" error. */
function withConfirmationReply(toolContext: ToolContext, result: ToolResult): ToolResult {
  return toolContext.actions.requestedToolConfirmations[toolContext.functionCallId] ? { error: CONFIRMATION_REQUIRED_ERROR } : result;
}

function responseEvent(ctx: InvocationContext, call: FunctionCall, toolContext: ToolContext, response: ToolResult): Event {
  return ctx.createEvent({
    content: {
      role: 'user',
      parts: [{ functionResponse: { ...(call.id ? { id: call.id } : {}), name: call.name ?? '', response } }],
    },
    actions: toolContext.actions,
  });
}
