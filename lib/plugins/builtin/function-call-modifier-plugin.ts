import type { FunctionCall, FunctionDeclaration, Part, Schema, Tool, Type } from '@google/genai';
import type { CallbackContext } from '../../context/callback-context.js';
import type { LlmRequest } from '../../models/llm-request.js';
import type { LlmResponse } from '../../models/llm-response.js';
import { BasePlugin } from '../base-plugin.js';

/** What a {@link FunctionCallModifierPlugin} is built from (Go's `FunctionCallModifierConfig`). */
export interface FunctionCallModifierConfig {
  /** The plugin's name (default `'function_call_modifier'`). */
  name?: string;
  /** Which tools get the extra arguments, by tool name. */
  predicate: (toolName: string) => boolean;
  /** The extra arguments: name → Gemini `Schema` (e.g. `{ type: Type.STRING, description: '...' }`). */
  args: Record<string, Schema>;
  /** Rewrites the description of each matching tool (e.g. to tell the model what the extra arguments are for). */
  overrideDescription?: (original: string) => string;
  /**
   * The state key that receives an extra argument's value. Default: the argument's name
   * (`user_context` → `ctx.state.get('user_context')`). Use `(name) => \`temp:${name}\`` to keep
   * the values for this invocation only, or `(name, call) => \`${call.id}/${name}\`` (ADK Go's
   * naming) when the model supplies call ids.
   */
  stateKey?: (argName: string, call: FunctionCall) => string;
}

/**
 * Asks the model for extra information on some tool calls without changing the tools (ADK Go's
 * `functioncallmodifier`, from the seed chapter):
 *
 * - **before the model call**: every function declaration of `request.config.tools` whose tool
 *   matches `predicate` gets the extra `args` as additional parameter properties (an `OBJECT`
 *   parameters schema is created when the tool has none) and, with `overrideDescription`, a new
 *   description. The declarations are copied: the tools' own declaration objects are never
 *   changed.
 * - **after the model call**: in every function call to a matching tool, the values of the extra
 *   arguments are written to session state (`ctx.state.set(stateKey(name, call), value)`; the
 *   key is the argument's name by default) and removed from the call's args. The tool then runs
 *   with its own arguments only (its schema may even forbid additional properties) and can read
 *   the extra values from `ctx.state`. The state lands in the model event's `stateDelta`.
 *
 * When a response carries extra arguments, the plugin returns a modified copy of it; like any
 * after-model result, that ends the after-model chain for this response (plugins registered after
 * it and the agents' own `afterModelCallback`s are skipped). A response without extra arguments is
 * left alone (no result). Only `parameters` schemas are extended, not `parametersJsonSchema`.
 *
 * If the model calls the same tool several times in one response, each call writes the same key
 * unless `stateKey` tells them apart: the last call's value is what the state keeps.
 *
 * @example
 * ```ts
 * import { Type } from '@google/genai';
 *
 * const modifier = new FunctionCallModifierPlugin({
 *   predicate: (toolName) => toolName === 'search' || toolName === 'query',
 *   args: { user_context: { type: Type.STRING, description: 'What the user is trying to achieve' } },
 *   overrideDescription: (original) => `${original} (also give user_context)`,
 * });
 * const search = new FunctionTool({
 *   name: 'search', description: 'Searches the catalogue',
 *   parameters: { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: false },
 *   execute: ({ q }, ctx) => find(q as string, ctx.state.get('user_context')),
 * });
 * new InMemoryRunner({ agent: new LlmAgent({ name: 'shop', model, tools: [search] }), plugins: [modifier] });
 * ```
 */
export class FunctionCallModifierPlugin extends BasePlugin {
  private readonly config: FunctionCallModifierConfig;

  constructor(config: FunctionCallModifierConfig) {
    super(config.name ?? 'function_call_modifier');
    this.config = config;
  }

  override beforeModelCallback(_ctx: CallbackContext, request: LlmRequest): undefined {
    const tools = request.config.tools;
    if (!tools?.length) return undefined;
    request.config.tools = tools.map((tool) => this.modifiedTool(tool as Tool, request));
    return undefined;
  }

  override afterModelCallback(ctx: CallbackContext, response: LlmResponse): LlmResponse | undefined {
    const parts = response.content?.parts;
    if (!parts?.some((part) => this.carriesExtraArgs(part.functionCall))) return undefined;
    return { ...response, content: { ...response.content, parts: parts.map((part) => this.strippedPart(ctx, part)) } };
  }

  private modifiedTool(tool: Tool, request: LlmRequest): Tool {
    const declarations = tool.functionDeclarations;
    if (!declarations?.some((d) => this.matches(d, request))) return tool;
    return { ...tool, functionDeclarations: declarations.map((d) => (this.matches(d, request) ? this.extendedDeclaration(d) : d)) };
  }

  /** Only declarations of tools this request can run (in `toolsDict`), as ADK Go does. */
  private matches(declaration: FunctionDeclaration, request: LlmRequest): boolean {
    const name = declaration.name ?? '';
    return Object.prototype.hasOwnProperty.call(request.toolsDict, name) && this.config.predicate(name);
  }

  private extendedDeclaration(declaration: FunctionDeclaration): FunctionDeclaration {
    const parameters: Schema = declaration.parameters ?? { type: 'OBJECT' as Type };
    const extended: FunctionDeclaration = {
      ...declaration,
      parameters: { ...parameters, properties: { ...parameters.properties, ...this.config.args } },
    };
    if (this.config.overrideDescription) extended.description = this.config.overrideDescription(declaration.description ?? '');
    return extended;
  }

  private carriesExtraArgs(call: FunctionCall | undefined): boolean {
    if (!call?.args || !this.config.predicate(call.name ?? '')) return false;
    return Object.keys(this.config.args).some((name) => Object.prototype.hasOwnProperty.call(call.args, name));
  }

  /** The part with the extra arguments moved from the call into state. */
  private strippedPart(ctx: CallbackContext, part: Part): Part {
    const call = part.functionCall;
    if (!call || !this.carriesExtraArgs(call)) return part;
    const args = { ...call.args };
    for (const name of Object.keys(this.config.args)) {
      if (!Object.prototype.hasOwnProperty.call(args, name)) continue;
      ctx.state.set(this.stateKeyOf(name, call), args[name]);
      delete args[name];
    }
    return { ...part, functionCall: { ...call, args } };
  }

  private stateKeyOf(argName: string, call: FunctionCall): string {
    return this.config.stateKey ? this.config.stateKey(argName, call) : argName;
  }
}
