import { dirname, resolve } from 'node:path';
import type { BaseAgent } from '../agents/base-agent.js';
import { AgentTool } from '../runner/agent-tool.js';
import { BaseTool } from '../tools/base-tool.js';
import { BaseToolset } from '../tools/base-toolset.js';
import { type Example, ExampleTool } from '../tools/example-tool.js';
import { exitLoopTool } from '../tools/exit-loop-tool.js';
import { FunctionTool, type FunctionToolConfig } from '../tools/function-tool.js';
import { GoogleMapsGroundingTool } from '../tools/google-maps-grounding-tool.js';
import { GoogleSearchTool } from '../tools/google-search-tool.js';
import { UrlContextTool } from '../tools/url-context-tool.js';
import { LongRunningFunctionTool } from '../tools/long-running-function-tool.js';
import { camelizeKeys } from './camelize-keys.js';
import type { ConfigSource } from './config-source.js';
import { LazyMcpToolset } from './lazy-mcp-toolset.js';

type ToolEntry = { name?: unknown; args?: Record<string, unknown> };

/** Loads the agent config at an absolute path (for an `AgentTool` entry's `config_path`); `loadAgentConfig` passes its own. */
export type LoadAgent = (file: string) => BaseAgent;

const BUILT_INS: Record<string, () => BaseTool> = {
  google_search: () => new GoogleSearchTool(),
  url_context: () => new UrlContextTool(),
  google_maps_grounding: () => new GoogleMapsGroundingTool(),
  exit_loop: () => exitLoopTool,
};

const TOOL_CLASSES: Record<string, (source: ConfigSource, key: string, args: Record<string, unknown>, loadAgent: LoadAgent) => BaseTool | BaseToolset> = {
  AgentTool: agentTool,
  McpToolset: (_source, _key, args) => new LazyMcpToolset(args),
  LongRunningFunctionTool: longRunningTool,
  ExampleTool: (source, key, args) => {
    if (!Array.isArray(args['examples'])) throw source.error(`${key}.args.examples`, 'must be a list of {input, output}');
    return new ExampleTool(camelizeKeys(args['examples']) as Example[]);
  },
};

/**
 * One `tools:` entry of an agent config: a built-in name (`google_search`, `url_context`,
 * `google_maps_grounding`, `exit_loop`), a tool class with `args` (`AgentTool`, `McpToolset`,
 * `LongRunningFunctionTool`, `ExampleTool`), or a dotted name from the registry (a `BaseTool`, a
 * `BaseToolset`, or a `FunctionToolConfig` that becomes a `FunctionTool`). An `AgentTool`'s
 * `config_path` is loaded with `loadAgent`.
 *
 * @example
 * ```ts
 * buildTool(source, 'tools[0]', { name: 'google_search' }, (file) => loadAgentConfig(file)); // a GoogleSearchTool
 * ```
 */
export function buildTool(source: ConfigSource, key: string, entry: unknown, loadAgent: LoadAgent): BaseTool | BaseToolset {
  const { name, args = {} } = (entry ?? {}) as ToolEntry;
  if (typeof name !== 'string') throw source.error(key, 'needs a name');
  const builtIn = BUILT_INS[name];
  if (builtIn) return builtIn();
  const toolClass = TOOL_CLASSES[name];
  if (toolClass) return toolClass(source, key, args, loadAgent);
  const value = source.registered(`${key}.name`, name, isToolLike);
  if (value instanceof BaseTool || value instanceof BaseToolset) return value;
  return new FunctionTool(value as FunctionToolConfig);
}

function agentTool(source: ConfigSource, key: string, args: Record<string, unknown>, loadAgent: LoadAgent): AgentTool {
  const ref = (args['agent'] ?? {}) as { config_path?: unknown; code?: unknown };
  let agent: BaseAgent;
  if (typeof ref.config_path === 'string') {
    agent = loadAgent(resolve(dirname(source.file), ref.config_path));
  } else if (typeof ref.code === 'string') {
    agent = source.registered(`${key}.args.agent.code`, ref.code, (v) => !!v && typeof v === 'object') as BaseAgent;
  } else {
    throw source.error(`${key}.args.agent`, 'needs config_path or code');
  }
  const skip = args['skip_summarization'];
  return new AgentTool({ agent, ...(typeof skip === 'boolean' ? { skipSummarization: skip } : {}) });
}

function longRunningTool(source: ConfigSource, key: string, args: Record<string, unknown>): LongRunningFunctionTool {
  const func = args['func'];
  if (typeof func !== 'string') throw source.error(`${key}.args.func`, 'must name a registered function tool');
  const config = source.registered(`${key}.args.func`, func, isFunctionToolConfig) as FunctionToolConfig;
  return new LongRunningFunctionTool(config);
}

function isToolLike(value: unknown): boolean {
  return value instanceof BaseTool || value instanceof BaseToolset || isFunctionToolConfig(value);
}

function isFunctionToolConfig(value: unknown): boolean {
  return !!value && typeof value === 'object' && typeof (value as FunctionToolConfig).execute === 'function' && typeof (value as FunctionToolConfig).name === 'string';
}
