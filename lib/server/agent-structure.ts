import { LlmAgent } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import type { BaseAgent } from '../agents/base-agent.js';
import { BaseTool } from '../tools/base-tool.js';

/**
 * How an agent's sub-agents run: `transfer` (an `LlmAgent` hands the turn to one of them),
 * `sequence`, `parallel` or `loop` (workflow agents), `custom` (any other `BaseAgent`).
 *
 * @example
 * ```ts
 * const kind: SubAgentFlow = 'transfer';
 * ```
 */
export type SubAgentFlow = 'transfer' | 'sequence' | 'parallel' | 'loop' | 'custom';

/**
 * An agent tree as plain JSON, in the shape of ADK's `/dev/apps/{app}/build_graph` app info
 * (`name`, `type`, `description`, `model`, `tools`, `sub_agents`), with rxadk's `agent_class`
 * and `flow` added.
 *
 * @example
 * ```ts
 * const structure: AgentStructure = { name: 'weather_agent', type: 'agent', agent_class: 'LlmAgent', flow: 'transfer', tools: [{ name: 'get_weather', type: 'tool' }] };
 * ```
 */
export interface AgentStructure {
  name: string;
  type: 'agent';
  agent_class: string;
  flow: SubAgentFlow;
  description?: string;
  /** The model's name, when the agent names one (inherited models are not repeated). */
  model?: string;
  /** Tools by name; a toolset (whose tools depend on the context) by its class name. */
  tools?: Array<{ name: string; type: 'tool' | 'toolset' }>;
  sub_agents?: AgentStructure[];
}

/**
 * The tree of `agent` as {@link AgentStructure}: what `build_graph` answers and what
 * {@link agentGraphDot} draws.
 *
 * @example
 * ```ts
 * agentStructure(rootAgent).sub_agents?.map((sub) => sub.name); // ['booking_agent', 'info_agent']
 * ```
 */
export function agentStructure(agent: BaseAgent): AgentStructure {
  const model = agent instanceof LlmAgent ? modelName(agent.model) : undefined;
  const tools = agent instanceof LlmAgent ? agent.tools.map(toolRef) : [];
  return {
    name: agent.name,
    type: 'agent',
    agent_class: agent.constructor.name,
    flow: flowOf(agent),
    ...(agent.description ? { description: agent.description } : {}),
    ...(model ? { model } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...(agent.subAgents.length > 0 ? { sub_agents: agent.subAgents.map(agentStructure) } : {}),
  };
}

function flowOf(agent: BaseAgent): SubAgentFlow {
  if (agent instanceof LlmAgent) return 'transfer';
  if (agent instanceof SequentialAgent) return 'sequence';
  if (agent instanceof ParallelAgent) return 'parallel';
  if (agent instanceof LoopAgent) return 'loop';
  return 'custom';
}

function modelName(model: LlmAgent['model']): string | undefined {
  if (typeof model === 'string') return model;
  return model?.model;
}

function toolRef(tool: LlmAgent['tools'][number]): { name: string; type: 'tool' | 'toolset' } {
  return tool instanceof BaseTool ? { name: tool.name, type: 'tool' } : { name: tool.constructor.name, type: 'toolset' };
}
