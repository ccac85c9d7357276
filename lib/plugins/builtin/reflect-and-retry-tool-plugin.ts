import { concatMap, defaultIfEmpty, EMPTY, type Observable, of, throwError } from 'rxjs';
import type { InvocationContext } from '../../context/invocation-context.js';
import type { ToolContext } from '../../context/tool-context.js';
import type { BaseTool } from '../../tools/base-tool.js';
import { PluginConfigError } from '../../utils/errors.js';
import { fromMaybeAsync, type MaybeAsync } from '../../utils/from-maybe-async.js';
import { BasePlugin } from '../base-plugin.js';

/** The `response_type` of every response the plugin gives the model instead of a tool result. */
export const REFLECT_AND_RETRY_RESPONSE_TYPE = 'ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN';

/** Whose failures count together: one invocation's (default) or every run's of this plugin. */
export type ReflectAndRetryTrackingScope = 'invocation' | 'global';

/** Options of {@link ReflectAndRetryToolPlugin}. */
export interface ReflectAndRetryToolPluginOptions {
  /** Default `'reflect_retry_tool_plugin'`. */
  name?: string;
  /** Consecutive failures of one tool answered with guidance before giving up (default 3; 0 = give up at once). */
  maxRetries?: number;
  /**
   * Past `maxRetries`: rethrow the tool's error (default `true`) — a hook fault, so the model gets
   * `{error}` naming this plugin, or under `toolErrors: 'throw'` the run fails once the call is
   * answered — or answer the "retry exceeded" guidance.
   */
  throwExceptionIfRetryExceeded?: boolean;
  /** Default `'invocation'`. */
  trackingScope?: ReflectAndRetryTrackingScope;
}

/** What the model receives instead of the failed tool's result. */
export interface ToolFailureResponse extends Record<string, unknown> {
  response_type: typeof REFLECT_AND_RETRY_RESPONSE_TYPE;
  /** The error's class name (`'ToolError'` for an error found in a result). */
  error_type: string;
  error_details: string;
  /** This failure's number in the run of consecutive failures (`maxRetries` once exceeded). */
  retry_count: number;
  /** What failed, with which arguments, and what to consider before the next attempt. */
  reflection_guidance: string;
}

/** An error a tool threw, or the error found in its result by `extractErrorFromResult`. */
export type ToolFailure = Error | string | Record<string, unknown>;

const GLOBAL_SCOPE = '__global_reflect_and_retry_scope__';

/**
 * Turns tool failures into guidance that lets the model correct itself (ADK Python's
 * `ReflectAndRetryToolPlugin`). When a tool throws, the model receives, instead of a bare error, a
 * {@link ToolFailureResponse}: what failed, the arguments it used, "retry attempt n of max", and
 * a checklist (wrong or missing arguments? unmet preconditions? another tool? smaller steps?
 * a tool that does not exist?) asking it to reflect and call again with corrected arguments.
 *
 * Failures are counted per tool, consecutively, within a scope: the invocation (default) or
 * every run of this plugin instance (`'global'`). A successful result of a tool resets that
 * tool's counter (the plugin's own guidance responses do not); other tools' counters are
 * untouched. After `maxRetries` consecutive failures the tool's error is rethrown (a hook fault:
 * the model gets `{error}` naming this plugin, and under `toolErrors: 'throw'` the run fails with a
 * `CallbackError` whose `cause` is that error, after the call is answered), or, with
 * `throwExceptionIfRetryExceeded: false`, the model is told to stop using the tool and try
 * another way. Invocation counters are dropped when the invocation ends.
 *
 * A tool that reports failure in its result rather than by throwing (`{status: 'error', ...}`)
 * is handled by overriding {@link extractErrorFromResult}.
 *
 * @example
 * ```ts
 * const runner = new InMemoryRunner({ agent, plugins: [new ReflectAndRetryToolPlugin({ maxRetries: 2 })] });
 *
 * // treat `{error: ...}` results (e.g. arguments that failed validation) as failures too:
 * class StrictRetry extends ReflectAndRetryToolPlugin {
 *   override extractErrorFromResult(_tool: BaseTool, _args: Record<string, unknown>, _ctx: ToolContext, result: Record<string, unknown>) {
 *     return typeof result['error'] === 'string' ? result['error'] : undefined;
 *   }
 * }
 * ```
 */
export class ReflectAndRetryToolPlugin extends BasePlugin {
  readonly maxRetries: number;
  readonly throwExceptionIfRetryExceeded: boolean;
  readonly trackingScope: ReflectAndRetryTrackingScope;
  /** scope key → tool name → consecutive failures. */
  private readonly failures = new Map<string, Map<string, number>>();

  constructor(options: ReflectAndRetryToolPluginOptions = {}) {
    const name = options.name ?? 'reflect_retry_tool_plugin';
    super(name);
    const maxRetries = options.maxRetries ?? 3;
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new PluginConfigError(`Plugin "${name}": maxRetries must be a non-negative integer, got ${maxRetries}.`, { pluginName: name });
    }
    this.maxRetries = maxRetries;
    this.throwExceptionIfRetryExceeded = options.throwExceptionIfRetryExceeded ?? true;
    this.trackingScope = options.trackingScope ?? 'invocation';
  }

  /**
   * The error in a tool's (successful) result, or nothing when the result is a success. Override
   * it for tools that report failures in their results; the default finds none.
   */
  extractErrorFromResult(
    _tool: BaseTool,
    _args: Record<string, unknown>,
    _ctx: ToolContext,
    _result: Record<string, unknown>,
  ): MaybeAsync<ToolFailure> {
    return undefined;
  }

  override onToolErrorCallback(ctx: ToolContext, tool: BaseTool, args: Record<string, unknown>, error: Error): Observable<ToolFailureResponse> {
    return this.handleFailure(ctx, tool, args, error);
  }

  override afterToolCallback(
    ctx: ToolContext,
    tool: BaseTool,
    args: Record<string, unknown>,
    result: Record<string, unknown>,
  ): Observable<ToolFailureResponse> {
    if (result['response_type'] === REFLECT_AND_RETRY_RESPONSE_TYPE) return EMPTY;
    return fromMaybeAsync(() => this.extractErrorFromResult(tool, args, ctx, result)).pipe(
      defaultIfEmpty(undefined),
      concatMap((failure) => (failure === undefined ? this.succeeded(ctx, tool) : this.handleFailure(ctx, tool, args, failure))),
    );
  }

  override afterRunCallback(ctx: InvocationContext): undefined {
    this.failures.delete(ctx.invocationId);
    return undefined;
  }

  override onRunErrorCallback(ctx: InvocationContext): undefined {
    this.failures.delete(ctx.invocationId);
    return undefined;
  }

  /** Whose failures count together; override for other scopes (per user, per session...). */
  protected scopeKey(ctx: ToolContext): string {
    return this.trackingScope === 'global' ? GLOBAL_SCOPE : ctx.invocationId;
  }

  private handleFailure(ctx: ToolContext, tool: BaseTool, args: Record<string, unknown>, failure: ToolFailure): Observable<ToolFailureResponse> {
    const count = this.countFailure(ctx, tool.name);
    if (count <= this.maxRetries) return of(reflectionResponse(tool, args, failure, count, this.maxRetries));
    if (this.throwExceptionIfRetryExceeded) return throwError(() => asError(failure));
    return of(retryExceededResponse(tool, args, failure, this.maxRetries));
  }

  private countFailure(ctx: ToolContext, toolName: string): number {
    const key = this.scopeKey(ctx);
    let counters = this.failures.get(key);
    if (!counters) this.failures.set(key, (counters = new Map()));
    const count = (counters.get(toolName) ?? 0) + 1;
    counters.set(toolName, count);
    return count;
  }

  private succeeded(ctx: ToolContext, tool: BaseTool): Observable<never> {
    this.failures.get(this.scopeKey(ctx))?.delete(tool.name);
    return EMPTY;
  }
}

function reflectionResponse(
  tool: BaseTool,
  args: Record<string, unknown>,
  failure: ToolFailure,
  retryCount: number,
  maxRetries: number,
): ToolFailureResponse {
  const guidance = [
    `Calling the tool \`${tool.name}\` failed.`,
    '',
    `Error: ${describeFailure(failure)}`,
    '',
    `Arguments you used:\n${formatArgs(args)}`,
    '',
    `This was attempt ${retryCount} of ${maxRetries} to recover. Think about why the call failed before trying again, ` +
      'and do not repeat the same call unchanged. Consider:',
    '1. Arguments: is one of them wrong, badly formatted or missing? Compare them with the tool\'s parameters.',
    '2. Preconditions: did an earlier step fail or not produce what this tool needs?',
    '3. Approach: is this the right tool? Could another tool, or other steps, reach the goal?',
    '4. Size: can the task be split into smaller, simpler steps?',
    '5. Name: if the error says the tool does not exist, use only the tools you have.',
    '',
    'Then make a corrected call or take a different approach.',
  ].join('\n');
  return failureResponse(failure, retryCount, guidance);
}

function retryExceededResponse(tool: BaseTool, args: Record<string, unknown>, failure: ToolFailure, maxRetries: number): ToolFailureResponse {
  const guidance = [
    `The tool \`${tool.name}\` has failed ${maxRetries} times in a row; the retry limit is exceeded.`,
    '',
    `Last error: ${describeFailure(failure)}`,
    '',
    `Last arguments:\n${formatArgs(args)}`,
    '',
    `Do not call \`${tool.name}\` again for this task. Acknowledge the failure and choose another approach: ` +
      'use other tools, or tell the user that the task cannot be completed.',
  ].join('\n');
  return failureResponse(failure, maxRetries, guidance);
}

function failureResponse(failure: ToolFailure, retryCount: number, guidance: string): ToolFailureResponse {
  return {
    response_type: REFLECT_AND_RETRY_RESPONSE_TYPE,
    error_type: failure instanceof Error ? failure.name : 'ToolError',
    error_details: failure instanceof Error ? failure.message : failureText(failure),
    retry_count: retryCount,
    reflection_guidance: guidance,
  };
}

function describeFailure(failure: ToolFailure): string {
  return failure instanceof Error ? `${failure.name}: ${failure.message}` : failureText(failure);
}

function failureText(failure: string | Record<string, unknown>): string {
  return typeof failure === 'string' ? failure : safeJson(failure);
}

function formatArgs(args: Record<string, unknown>): string {
  return safeJson(args, 2);
}

function safeJson(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), indent) ?? String(value);
  } catch {
    return String(value);
  }
}

function asError(failure: ToolFailure): Error {
  return failure instanceof Error ? failure : new Error(failureText(failure));
}
