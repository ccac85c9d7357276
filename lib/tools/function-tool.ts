import type { FunctionDeclaration } from '@google/genai';
import { concatMap, defaultIfEmpty, type Observable, of } from 'rxjs';
import type { ToolContext } from '../context/tool-context.js';
import { fromMaybeAsync, type MaybeAsync } from '../utils/from-maybe-async.js';
import { BaseTool } from './base-tool.js';
import { type CompiledSchema, compileSchema, type JsonSchemaSource, type NotZod, type TypedJsonSchema, type ZodSchemaLike } from './schema.js';
import { toGeminiSchema, type JsonSchema } from './to-gemini-schema.js';
import { cloneJson } from '../utils/clone-json.js';

export type { JsonSchemaSource } from './schema.js';

/** What a {@link FunctionTool} is built from. */
export interface FunctionToolConfig<Args extends Record<string, unknown> = Record<string, unknown>> {
  name: string;
  description: string;
  /**
   * The arguments' schema: a zod v4 schema (`z.object({...})`: `Args` is inferred from it, the
   * model sees its JSON Schema, and arguments are checked with its `safeParse`), a JSON Schema
   * (`{type: 'object', properties, required}`, checked with ajv; wrap it in `jsonSchema(...)` to
   * infer `Args`), or any object with a `toJSONSchema()` method.
   */
  // `any`: a config stays assignable whatever its schema's type; FunctionTool's constructor checks it against Args
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  parameters?: JsonSchema | JsonSchemaSource | ZodSchemaLike<any>;
  /**
   * Does the work. Receives validated arguments (for a zod schema: its parsed output, defaults
   * applied). May return a value, a Promise or an Observable.
   */
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

/**
 * The schemas `FunctionTool<Args>`'s constructor accepts: `Args` is inferred from a zod schema's
 * output type or a {@link jsonSchema} literal's type, and a schema of another type is an error.
 */
export type ParametersFor<Args> = JsonSchema | TypedJsonSchema<Args> | ZodSchemaLike<Args> | NotZod<JsonSchemaSource>;

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
 * A tool made of a function and a schema of its arguments. The model sees the schema as a
 * function declaration; the arguments it sends are validated (zod's `safeParse` for a zod schema,
 * else ajv, compiled once) before `execute` runs. With a zod schema (or a `jsonSchema(...)`
 * literal) the type of `execute`'s arguments is inferred from it.
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
 *
 * // With zod (an optional peer dependency): `city` is a string
 * const getForecast = new FunctionTool({
 *   name: 'get_forecast',
 *   description: 'Returns the forecast for a city.',
 *   parameters: z.object({ city: z.string(), days: z.number().int().min(1).default(3) }),
 *   execute: ({ city, days }) => ({ city, days, sky: 'sunny' }),
 * });
 * ```
 */
export class FunctionTool<Args extends Record<string, unknown> = Record<string, unknown>> extends BaseTool {
  readonly parameters: JsonSchema | undefined;
  private readonly execute: FunctionToolConfig<Args>['execute'];
  private readonly requireConfirmation: FunctionToolConfig<Args>['requireConfirmation'];
  private readonly schema: CompiledSchema | undefined;
  private declaration: FunctionDeclaration | undefined;

  constructor(config: FunctionToolConfig<Args> & { parameters?: ParametersFor<Args> }) {
    super({
      name: config.name,
      description: config.description,
      isLongRunning: config.isLongRunning ?? false,
      ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
    });
    this.schema = config.parameters ? compileSchema(config.parameters) : undefined;
    this.parameters = this.schema?.json;
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
    const result = this.schema?.check(args);
    return result && !result.ok ? result.reason : undefined;
  }

  override runAsync(rawArgs: Record<string, unknown>, ctx: ToolContext): Observable<unknown> {
    const args = this.parsedArguments(rawArgs);
    if (!this.requireConfirmation) return fromMaybeAsync(() => this.execute(args as Args, ctx));
    return this.confirmationGate(args as Args, ctx).pipe(
      concatMap((gate) => (gate ? of(gate) : fromMaybeAsync(() => this.execute(args as Args, ctx)))),
    );
  }

  /** A zod schema's output for `args` (defaults, transforms); the arguments themselves otherwise. */
  private parsedArguments(args: Record<string, unknown>): Record<string, unknown> {
    if (!this.schema?.parses) return args;
    const result = this.schema.check(args);
    return result.ok ? (result.value as Record<string, unknown>) : args;
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
