import type { GenerateContentConfig } from '@google/genai';
import { concatMap, defaultIfEmpty, from, map, type Observable, of, reduce } from 'rxjs';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { DEFAULT_REQUEST_PROCESSORS } from '../flows/default-request-processors.js';
import type { FlowAgent, ResolvedInstruction } from '../flows/flow-agent.js';
import type { LlmRequestProcessor } from '../flows/llm-request-processor.js';
import { runLlmFlow } from '../flows/llm-flow.js';
import { pausedAtLongRunningCall } from '../flows/paused-at-long-running-call.js';
import { agentCheckpoint } from '../context/agent-checkpoint.js';
import { endInvocation } from '../context/end-invocation.js';
import { leanConcat } from '../operators/lean-concat.js';
import { BaseLlm } from '../models/base-llm.js';
import { LLMRegistry } from '../models/llm-registry.js';
import type {
  AfterModelCallback,
  AfterToolCallback,
  BeforeModelCallback,
  BeforeToolCallback,
  OneOrMany,
  OnModelErrorCallback,
  OnToolErrorCallback,
} from '../plugins/callback-types.js';
import { BaseTool } from '../tools/base-tool.js';
import { BaseToolset } from '../tools/base-toolset.js';
import { compileSchema, type JsonSchemaSource, type NotZod, type TypedJsonSchema, type ZodSchemaLike } from '../tools/schema.js';
import type { JsonSchema } from '../tools/to-gemini-schema.js';
import { asArray } from '../utils/as-array.js';
import { AgentConfigError } from '../utils/errors.js';
import { fromMaybeAsync, type MaybeAsync } from '../utils/from-maybe-async.js';
import { BaseAgent, type BaseAgentConfig } from './base-agent.js';

/** An instruction computed per call; its text is used as is (no `{key}` templating). */
export type InstructionProvider = (ctx: ReadonlyContext) => MaybeAsync<string>;

/**
 * The output schemas `LlmAgent<Output>`'s constructor accepts: `Output` is inferred from a zod
 * schema's output type or a `jsonSchema(...)` literal's type.
 */
export type OutputSchemaFor<Output> = JsonSchema | TypedJsonSchema<Output> | ZodSchemaLike<Output> | NotZod<JsonSchemaSource>;

/**
 * The type of what an agent's `outputKey` receives, when its `outputSchema` carries a type (a zod
 * schema, or `jsonSchema(...)`); `unknown` otherwise.
 *
 * @example
 * ```ts
 * const reporter = new LlmAgent({ name: 'reporter', outputSchema: z.object({ city: z.string() }), outputKey: 'report' });
 * const report = session.state['report'] as OutputOf<typeof reporter>; // { city: string }
 * ```
 */
export type OutputOf<A> = A extends LlmAgent<infer Output> ? Output : unknown;

/** What an {@link LlmAgent} is built from. */
export interface LlmAgentConfig extends BaseAgentConfig {
  /** A model name resolved through `LLMRegistry`, or a model. Inherited from the parent when omitted. */
  model?: string | BaseLlm;
  /** `{key}`, `{key?}`, `{user:key}`, `{artifact.name}` are filled from the session. */
  instruction?: string | InstructionProvider;
  /** Applies to every agent of the tree (set it on the root). Prefer `GlobalInstructionPlugin`. */
  globalInstruction?: string | InstructionProvider;
  tools?: Array<BaseTool | BaseToolset>;
  generateContentConfig?: GenerateContentConfig;
  /** `'none'`: the model sees only the current turn. Default `'default'`. */
  includeContents?: 'default' | 'none';
  /** The arguments' schema when this agent is used as a tool. */
  inputSchema?: JsonSchema;
  /**
   * The final answer must be JSON matching this schema; it is validated before `outputKey` stores
   * it. A JSON Schema (checked with ajv), or a zod v4 schema (the model gets its JSON Schema, the
   * answer is checked with its `safeParse` and its parsed output stored; see {@link OutputOf}).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  outputSchema?: JsonSchema | JsonSchemaSource | ZodSchemaLike<any>;
  /** Session state key that receives the agent's final answer (text, or the parsed `outputSchema` object). */
  outputKey?: string;
  disallowTransferToParent?: boolean;
  disallowTransferToPeers?: boolean;
  beforeModelCallback?: OneOrMany<BeforeModelCallback>;
  afterModelCallback?: OneOrMany<AfterModelCallback>;
  onModelErrorCallback?: OneOrMany<OnModelErrorCallback>;
  beforeToolCallback?: OneOrMany<BeforeToolCallback>;
  afterToolCallback?: OneOrMany<AfterToolCallback>;
  onToolErrorCallback?: OneOrMany<OnToolErrorCallback>;
}

/**
 * An agent driven by a language model: it builds a request (instructions, history, tools),
 * calls the model, runs the tools the model asks for, and repeats until the model gives a final
 * answer. Every step goes through the model and tool callbacks and the Runner's plugins.
 *
 * @example
 * ```ts
 * const agent = new LlmAgent({
 *   name: 'weather_agent',
 *   model: 'gemini-2.5-flash',
 *   instruction: 'You answer questions about the weather. Use get_weather.',
 *   tools: [getWeather],
 *   outputKey: 'last_answer',
 * });
 * new InMemoryRunner({ agent }).runAsync({ userId, sessionId, newMessage }).subscribe(console.log);
 *
 * // Structured output from a zod schema: the type of what `outputKey` receives is inferred
 * const reporter = new LlmAgent({
 *   name: 'reporter',
 *   model: 'gemini-2.5-flash',
 *   outputSchema: z.object({ city: z.string(), temperature: z.number() }),
 *   outputKey: 'report',
 * });
 * const report = reporter.outputFrom(session.state); // { city: string; temperature: number } | undefined
 * ```
 */
export class LlmAgent<Output = unknown> extends BaseAgent implements FlowAgent {
  model: string | BaseLlm | undefined;
  instruction: string | InstructionProvider | undefined;
  globalInstruction: string | InstructionProvider | undefined;
  tools: Array<BaseTool | BaseToolset>;
  readonly generateContentConfig: GenerateContentConfig | undefined;
  readonly includeContents: 'default' | 'none';
  readonly inputSchema: JsonSchema | undefined;
  /** The output schema as JSON Schema (a zod schema converted; validation still goes through zod). */
  readonly outputSchema: JsonSchema | undefined;
  readonly outputKey: string | undefined;
  readonly disallowTransferToParent: boolean;
  readonly disallowTransferToPeers: boolean;
  readonly beforeModelCallbacks: BeforeModelCallback[];
  readonly afterModelCallbacks: AfterModelCallback[];
  readonly onModelErrorCallbacks: OnModelErrorCallback[];
  readonly beforeToolCallbacks: BeforeToolCallback[];
  readonly afterToolCallbacks: AfterToolCallback[];
  readonly onToolErrorCallbacks: OnToolErrorCallback[];
  private resolvedModel: BaseLlm | undefined;

  constructor(config: LlmAgentConfig & { outputSchema?: OutputSchemaFor<Output> }) {
    super(config);
    this.model = config.model;
    this.instruction = config.instruction;
    this.globalInstruction = config.globalInstruction;
    this.tools = [...(config.tools ?? [])];
    this.generateContentConfig = validatedConfig(config.name, config.generateContentConfig);
    this.includeContents = config.includeContents ?? 'default';
    this.inputSchema = config.inputSchema;
    this.outputSchema = config.outputSchema ? compileSchema(config.outputSchema).json : undefined;
    this.outputKey = config.outputKey;
    this.disallowTransferToParent = config.disallowTransferToParent ?? false;
    this.disallowTransferToPeers = config.disallowTransferToPeers ?? false;
    this.beforeModelCallbacks = asArray(config.beforeModelCallback);
    this.afterModelCallbacks = asArray(config.afterModelCallback);
    this.onModelErrorCallbacks = asArray(config.onModelErrorCallback);
    this.beforeToolCallbacks = asArray(config.beforeToolCallback);
    this.afterToolCallbacks = asArray(config.afterToolCallback);
    this.onToolErrorCallbacks = asArray(config.onToolErrorCallback);
  }

  /**
   * What this agent's `outputKey` holds in `state` (a session's state, or `ctx.state`), typed by
   * its `outputSchema`; `undefined` without an `outputKey` or before the agent has answered.
   */
  outputFrom(state: { toRecord(): Record<string, unknown> } | Readonly<Record<string, unknown>>): Output | undefined {
    if (!this.outputKey) return undefined;
    const record = typeof state.toRecord === 'function' ? (state.toRecord as () => Record<string, unknown>)() : (state as Record<string, unknown>);
    return record[this.outputKey] as Output | undefined;
  }

  /**
   * The LLM flow. In a resumable app, followed by this agent's `endOfAgent` checkpoint, unless the
   * invocation pauses at a long-running call (it then ends here, to be resumed with the answer)
   * or has ended.
   */
  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    const flow = runLlmFlow(ctx, this, { processors: this.requestProcessors() });
    if (!ctx.isResumable) return flow;
    return leanConcat(
      flow,
      ctx.unlessEnded(() => (pausedAtLongRunningCall(ctx) ? endInvocation(ctx) : ctx.emit(agentCheckpoint(ctx, 'end')))),
    );
  }

  /** The request processors of this agent's model calls, in order. */
  protected requestProcessors(): readonly LlmRequestProcessor[] {
    return DEFAULT_REQUEST_PROCESSORS;
  }

  canonicalModel(): BaseLlm {
    if (this.resolvedModel) return this.resolvedModel;
    if (this.model instanceof BaseLlm) return (this.resolvedModel = this.model);
    if (typeof this.model === 'string' && this.model) return (this.resolvedModel = LLMRegistry.newLlm(this.model));
    for (let ancestor = this.parentAgent; ancestor; ancestor = ancestor.parentAgent) {
      if (ancestor instanceof LlmAgent && ancestor.model) return ancestor.canonicalModel();
    }
    throw new AgentConfigError(
      `Agent "${this.name}" has no model: give it one (model: 'gemini-2.5-flash' or a BaseLlm), or give one to an ancestor LlmAgent.`,
      { agentName: this.name },
    );
  }

  canonicalInstruction(ctx: ReadonlyContext): ResolvedInstruction | Observable<ResolvedInstruction> | undefined {
    return resolveInstruction(this.instruction, ctx);
  }

  canonicalGlobalInstruction(ctx: ReadonlyContext): ResolvedInstruction | Observable<ResolvedInstruction> | undefined {
    const root = this.rootAgent;
    return root instanceof LlmAgent ? resolveInstruction(root.globalInstruction, ctx) : undefined;
  }

  canonicalTools(ctx: ReadonlyContext): Observable<BaseTool[]> {
    return from(this.tools).pipe(
      concatMap((entry) => (entry instanceof BaseToolset ? entry.getTools(ctx) : of([entry]))),
      reduce((all, tools) => all.concat(tools), [] as BaseTool[]),
      defaultIfEmpty([] as BaseTool[]),
    );
  }
}

function resolveInstruction(
  instruction: string | InstructionProvider | undefined,
  ctx: ReadonlyContext,
): ResolvedInstruction | Observable<ResolvedInstruction> | undefined {
  if (instruction === undefined || instruction === '') return undefined;
  if (typeof instruction === 'string') return { text: instruction, bypassStateInjection: false };
  return fromMaybeAsync(() => instruction(ctx)).pipe(map((text) => ({ text, bypassStateInjection: true })));
}

function validatedConfig(agentName: string, config: GenerateContentConfig | undefined): GenerateContentConfig | undefined {
  if (!config) return undefined;
  if (config.tools?.length) {
    throw new AgentConfigError(`Agent "${agentName}": put tools in the agent's "tools" option, not in generateContentConfig.tools.`, { agentName });
  }
  if (config.systemInstruction) {
    throw new AgentConfigError(`Agent "${agentName}": put the system instruction in "instruction", not in generateContentConfig.systemInstruction.`, { agentName });
  }
  if (config.responseSchema) {
    throw new AgentConfigError(`Agent "${agentName}": use "outputSchema" instead of generateContentConfig.responseSchema.`, { agentName });
  }
  return config;
}
