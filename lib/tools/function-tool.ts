import type { FunctionDeclaration } from '@google/genai';
import { concatMap, defaultIfEmpty, type Observable, of } from 'rxjs';
import type { ToolContext } from '../context/tool-context.js';
import { fromMaybeAsync, type MaybeAsync } from '../utils/from-maybe-async.js';
import { BaseTool } from './base-tool.js';
import { toGeminiSchema, type JsonSchema } from './to-gemini-schema.js';
import { type ArgumentValidator, compileArgumentValidator } from './validate-arguments.js';
import { cloneJson } from '../utils/clone-json.js';

/** A schema object that can describe itself as JSON Schema (e.g. a zod v4 schema). */
export interface JsonSchemaSource {
  toJSONSchema(): JsonSchema;
}

/** What a {@link FunctionTool} is built from. */
export interface FunctionToolConfig<Args extends Record<string, unknown> = Record<string, unknown>> {
  name: string;
  description: string;
  /** The arguments' JSON Schema (`{type: 'object', properties, required}`) or a zod v4 schema. */
  parameters?: JsonSchema | JsonSchemaSource;
  /** Does the work. Receives validated arguments. May return a value, a Promise or an Observable. */
  execute: (args: Args, ctx: ToolContext) => MaybeAsync<unknown>;
  isLongRunning?: boolean;
  /**
   * Milliseconds one call may take (wins over `RunConfig.toolTimeoutMs`). On expiry `ctx.abortSignal`
   * fires and the model gets `{error: 'Tool <name> timed out after <n> ms.'}`. Default: the run's
   * setting. `0` (or `Infinity`) exempts this tool from the run's timeout.
   */
  timeoutMs?: number;
  /** Ask a human before running (SPEC §10): `true`, or a predicate of the arguments. */
  requireConfirmation?: boolean | ((args: Args, ctx: ToolContext) => MaybeAsync<boolean>);
}

/** The reply to the model while a confirmation is pending. */
export const CONFIRMATION_REQUIRED_ERROR = 'This tool call requires confirmation, please approve or reject.';
/** The reply to the model when the human rejected the call. */
export const CONFIRMATION_REJECTED_ERROR = 'This tool call is rejected.';

/**
 * The hint a `requireConfirmation` tool gives when it asks (ADK's wording, written for client
 * code); clients may recognise it with {@link isRequireConfirmationHint} and show the call instead.
 *
 * @example
 * ```ts
 * requireConfirmationHint('delete_file'); // 'Please approve or reject the tool call delete_file() by responding ...'
 * ```
 */
export function requireConfirmationHint(toolName: string): string {
  return (
    `Please approve or reject the tool call ${toolName}() by responding with a FunctionResponse ` +
    'with an expected ToolConfirmation payload.'
  );
}

/**
 * True when `hint` is the generic {@link requireConfirmationHint} of some tool.
 *
 * @example
 * ```ts
 * isRequireConfirmationHint(requireConfirmationHint('pay')); // true
 * ```
 */
export function isRequireConfirmationHint(hint: string): boolean {
  const match = /^Please approve or reject the tool call ([\w.-]+)\(\) by/.exec(hint);
  return !!match && hint === requireConfirmationHint(match[1]!);
}

/**
 * A tool made of a function and a JSON Schema of its arguments. The model sees the schema as a
 * function declaration; the arguments it sends are validated (ajv, compiled once) before
 * `execute` runs.
 *
 * @example
 * ```ts
 * const getWeather = new FunctionTool({
 *   name: 'get_weather',
 *   description: 'Returns the weather in a city.',
 *   parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
 *   execute: ({ city }) => ({ city, temp: 25, sky: 'sunny' }),
 *   timeoutMs: 10_000, // optional: the model gets {error: 'Tool get_weather timed out after 10000 ms.'} past it
 * });
 * ```
 */
export class FunctionTool<Args extends Record<string, unknown> = Record<string, unknown>> extends BaseTool {
  readonly parameters: JsonSchema | undefined;
  private readonly execute: FunctionToolConfig<Args>['execute'];
  private readonly requireConfirmation: FunctionToolConfig<Args>['requireConfirmation'];
  private validator: ArgumentValidator | undefined;
  private declaration: FunctionDeclaration | undefined;

  constructor(config: FunctionToolConfig<Args>) {
    super({
      name: config.name,
      description: config.description,
      isLongRunning: config.isLongRunning ?? false,
      ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
    });
    this.parameters = resolveSchema(config.parameters);
    this.execute = config.execute;
    this.requireConfirmation = config.requireConfirmation;
  }

  override getDeclaration(): FunctionDeclaration {
    this.declaration ??= {
      name: this.name,
      description: this.description,
      ...(this.parameters ? { parameters: toGeminiSchema(this.parameters) } : {}),
    };
    return cloneJson(this.declaration);
  }

  /** Why `args` do not match the parameters' schema, or `undefined` when they do. */
  validateArguments(args: Record<string, unknown>): string | undefined {
    if (!this.parameters) return undefined;
    this.validator ??= compileArgumentValidator(this.parameters);
    return this.validator(args);
  }

  override runAsync(args: Record<string, unknown>, ctx: ToolContext): Observable<unknown> {
    if (!this.requireConfirmation) return fromMaybeAsync(() => this.execute(args as Args, ctx));
    return this.confirmationGate(args as Args, ctx).pipe(
      concatMap((gate) => (gate ? of(gate) : fromMaybeAsync(() => this.execute(args as Args, ctx)))),
    );
  }

  /** Emits a reply that replaces running the function, or `undefined` to run it. */
  private confirmationGate(args: Args, ctx: ToolContext): Observable<Record<string, unknown> | undefined> {
    const setting = this.requireConfirmation;
    if (!setting) return of(undefined);
    const required = typeof setting === 'function' ? fromMaybeAsync(() => setting(args, ctx)) : of(true);
    return required.pipe(
      defaultIfEmpty(false),
      concatMap((needed) => of(needed ? this.confirmationReply(ctx) : undefined)),
    );
  }

  private confirmationReply(ctx: ToolContext): Record<string, unknown> | undefined {
    if (!ctx.toolConfirmation) {
      ctx.requestConfirmation({ hint: requireConfirmationHint(this.name) });
      return { error: CONFIRMATION_REQUIRED_ERROR };
    }
    return ctx.toolConfirmation.confirmed ? undefined : { error: CONFIRMATION_REJECTED_ERROR };
  }
}

function resolveSchema(parameters: JsonSchema | JsonSchemaSource | undefined): JsonSchema | undefined {
  if (!parameters) return undefined;
  if (typeof (parameters as JsonSchemaSource).toJSONSchema === 'function') {
    return (parameters as JsonSchemaSource).toJSONSchema();
  }
  return parameters as JsonSchema;
}
