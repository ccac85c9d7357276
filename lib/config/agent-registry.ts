import type { BaseAgent } from '../agents/base-agent.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { BaseToolset } from '../tools/base-toolset.js';
import type { FunctionToolConfig } from '../tools/function-tool.js';
import type { JsonSchema } from '../tools/to-gemini-schema.js';

/** What a dotted name in an agent config may stand for. */
export type RegistryEntry =
  | BaseTool
  | BaseToolset
  | BaseAgent
  | FunctionToolConfig<Record<string, unknown>>
  | JsonSchema
  | ((...args: never[]) => unknown);

/**
 * Maps the dotted names an agent-config YAML uses (`my_app.tools.get_weather`,
 * `my_app.callbacks.check_access`) to TypeScript code: callbacks (functions), tools (`BaseTool`
 * instances, or `FunctionToolConfig` objects that become `FunctionTool`s), toolsets, agents
 * (`sub_agents: [{code: ...}]`) and schemas.
 *
 * @example
 * ```ts
 * const registry: AgentRegistry = {
 *   'weather.tools.get_weather': getWeatherTool,
 *   'weather.callbacks.log_start': (ctx: CallbackContext) => void console.log(ctx.agentName),
 * };
 * ```
 */
export type AgentRegistry = Readonly<Record<string, RegistryEntry>>;
