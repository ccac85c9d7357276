import { LlmAgent } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import type { BaseAgent } from '../agents/base-agent.js';
import { BaseTool } from '../tools/base-tool.js';
import { Workflow } from '../workflow/workflow.js';
import type { AgentStructure, SubAgentFlow } from './graph-structure.js';
import { workflowGraphStructure } from './workflow-structure.js';

/**
 * The tree of `agent` as {@link AgentStructure}: what `build_graph` answers and what
 * `agentGraphDot` draws. A `Workflow` carries its `graph` (nodes, edges with routes), and the
 * agents in it their own trees.
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
    type: agent instanceof Workflow ? 'workflow' : 'agent',
    agent_class: agent.constructor.name,
    flow: flowOf(agent),
    ...(agent.description ? { description: agent.description } : {}),
    ...(model ? { model } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...(agent.subAgents.length > 0 ? { sub_agents: agent.subAgents.map(agentStructure) } : {}),
    ...(agent instanceof Workflow ? { graph: workflowGraphStructure(agent.graph, agentStructure) } : {}),
  };
}

function flowOf(agent: BaseAgent): SubAgentFlow {
  if (agent instanceof LlmAgent) return 'transfer';
  if (agent instanceof SequentialAgent) return 'sequence';
  if (agent instanceof ParallelAgent) return 'parallel';
  if (agent instanceof LoopAgent) return 'loop';
  if (agent instanceof Workflow) return 'graph';
  return 'custom';
}

function modelName(model: LlmAgent['model']): string | undefined {
  if (typeof model === 'string') return model;
  return model?.model;
}

function toolRef(tool: LlmAgent['tools'][number]): { name: string; type: 'tool' | 'toolset' } {
  return tool instanceof BaseTool ? { name: tool.name, type: 'tool' } : { name: tool.constructor.name, type: 'toolset' };
}
