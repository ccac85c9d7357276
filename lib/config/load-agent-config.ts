import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { GenerateContentConfig } from '@google/genai';
import { parse } from 'yaml';
import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import type { JsonSchema } from '../tools/to-gemini-schema.js';
import { AgentConfigError } from '../utils/errors.js';
import type { AgentRegistry } from './agent-registry.js';
import { camelizeKeys } from './camelize-keys.js';
import { ConfigSource } from './config-source.js';
import { buildTool, type LoadAgent } from './build-tool.js';

/** Options of {@link loadAgentConfig}. */
export interface LoadAgentConfigOptions {
  /** Dotted names used in the YAML → TypeScript callbacks, tools, agents, schemas. */
  registry?: AgentRegistry;
}

const CALLBACK_KEYS = {
  before_agent_callbacks: 'beforeAgentCallback',
  after_agent_callbacks: 'afterAgentCallback',
  before_model_callbacks: 'beforeModelCallback',
  after_model_callbacks: 'afterModelCallback',
  before_tool_callbacks: 'beforeToolCallback',
  after_tool_callbacks: 'afterToolCallback',
} as const;

/**
 * Builds an agent tree from Google ADK's agent-config YAML (`root_agent.yaml`): `agent_class`
 * (LlmAgent when absent, SequentialAgent, ParallelAgent, LoopAgent), `name`, `description`,
 * `model`, `instruction`, `global_instruction`, `generate_content_config`, callbacks by dotted name,
 * `sub_agents` (`config_path` relative to the referring file, or `code`), `max_iterations`,
 * the disallow flags, `output_key`, `include_contents`, `input_schema`/`output_schema` (`code`)
 * and `tools` (built-ins, dotted names, `AgentTool`, `McpToolset`, `LongRunningFunctionTool`,
 * `ExampleTool`). Unknown keys, classes and names are an {@link AgentConfigError} naming the key
 * and the file.
 *
 * @example
 * ```ts
 * import { loadAgentConfig } from 'rxadk/config';
 * const agent = loadAgentConfig('agents/weather/root_agent.yaml', {
 *   registry: { 'weather.tools.get_weather': getWeatherTool },
 * });
 * ```
 */
export function loadAgentConfig(path: string, options: LoadAgentConfigOptions = {}): BaseAgent {
  return loadFile(resolve(path), options.registry ?? {}, new Set());
}

function loadFile(file: string, registry: AgentRegistry, loading: Set<string>): BaseAgent {
  if (loading.has(file)) throw new AgentConfigError(`Agent config ${file} refers to itself through config_path (a cycle).`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new AgentConfigError(`Cannot read agent config ${file}: ${(error as Error).message}`);
  }
  const yaml = parse(text) as unknown;
  if (!yaml || typeof yaml !== 'object') throw new AgentConfigError(`Agent config ${file} is not a YAML mapping.`);
  loading.add(file);
  try {
    return buildAgent(new ConfigSource(file, yaml as Record<string, unknown>, registry), (child) => loadFile(child, registry, loading));
  } finally {
    loading.delete(file);
  }
}

type LoadChild = (file: string) => BaseAgent;

function buildAgent(source: ConfigSource, loadChild: LoadChild): BaseAgent {
  const agentClass = source.optionalString('agent_class') ?? 'LlmAgent';
  const base = {
    name: source.requiredString('name'),
    ...optional('description', source.optionalString('description')),
    subAgents: buildSubAgents(source, loadChild),
    ...callbacks(source, ['before_agent_callbacks', 'after_agent_callbacks']),
  };
  switch (agentClass) {
    case 'LlmAgent':
      return new LlmAgent({ ...base, ...llmOptions(source) });
    case 'SequentialAgent':
      return new SequentialAgent(base);
    case 'ParallelAgent':
      return new ParallelAgent(base);
    case 'LoopAgent':
      return new LoopAgent({ ...base, ...optional('maxIterations', source.optionalNumber('max_iterations')) });
    default:
      throw source.error('agent_class', `unknown agent class "${agentClass}" (use LlmAgent, SequentialAgent, ParallelAgent or LoopAgent)`);
  }
}

function llmOptions(source: ConfigSource) {
  const includeContents = source.optionalString('include_contents');
  if (includeContents !== undefined && includeContents !== 'default' && includeContents !== 'none') {
    throw source.error('include_contents', `must be "default" or "none", not "${includeContents}"`);
  }
  const config = source.value('generate_content_config');
  return {
    ...optional('model', source.optionalString('model')),
    ...optional('instruction', source.optionalString('instruction')),
    ...optional('globalInstruction', source.optionalString('global_instruction')),
    ...optional('generateContentConfig', config === undefined ? undefined : (camelizeKeys(config) as GenerateContentConfig)),
    ...optional('outputKey', source.optionalString('output_key')),
    ...optional('includeContents', includeContents as 'default' | 'none' | undefined),
    ...optional('disallowTransferToParent', source.optionalBoolean('disallow_transfer_to_parent')),
    ...optional('disallowTransferToPeers', source.optionalBoolean('disallow_transfer_to_peers')),
    ...optional('inputSchema', schema(source, 'input_schema')),
    ...optional('outputSchema', schema(source, 'output_schema')),
    tools: source.list('tools').map((entry, i) => buildTool(source, `tools[${i}]`, entry, loadToolAgent(source))),
    ...callbacks(source, ['before_model_callbacks', 'after_model_callbacks', 'before_tool_callbacks', 'after_tool_callbacks']),
  };
}

/** An `AgentTool`'s `config_path` is a tree of its own: loaded afresh, with the same registry. */
function loadToolAgent(source: ConfigSource): LoadAgent {
  return (file) => loadAgentConfig(file, { registry: source.registry });
}

function buildSubAgents(source: ConfigSource, loadChild: LoadChild): BaseAgent[] {
  return source.list('sub_agents').map((entry, i) => {
    const key = `sub_agents[${i}]`;
    const ref = entry as { config_path?: unknown; code?: unknown };
    if (typeof ref.config_path === 'string') return loadChild(resolve(dirname(source.file), ref.config_path));
    if (typeof ref.code === 'string') return source.registered(`${key}.code`, ref.code, isAgent) as BaseAgent;
    throw source.error(key, 'needs config_path (a YAML file relative to this one) or code (a registered agent)');
  });
}

function callbacks(source: ConfigSource, keys: ReadonlyArray<keyof typeof CALLBACK_KEYS>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const list = source.list(key).map((entry, i) => {
      const name = (entry as { name?: unknown }).name;
      if (typeof name !== 'string') throw source.error(`${key}[${i}]`, 'needs a name (a registered callback)');
      return source.registered(`${key}[${i}].name`, name, (v) => typeof v === 'function');
    });
    if (list.length) out[CALLBACK_KEYS[key]] = list;
  }
  return out;
}

function schema(source: ConfigSource, key: string): JsonSchema | undefined {
  const value = source.value(key);
  if (value === undefined) return undefined;
  const code = (value as { code?: unknown }).code;
  if (typeof code === 'string') return source.registered(`${key}.code`, code, (v) => !!v && typeof v === 'object') as JsonSchema;
  if (value && typeof value === 'object') return value as JsonSchema;
  throw source.error(key, 'must be a JSON Schema object or {code: <registered schema>}');
}

function isAgent(value: unknown): boolean {
  return !!value && typeof value === 'object' && typeof (value as BaseAgent).runAsync === 'function' && 'subAgents' in value;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
