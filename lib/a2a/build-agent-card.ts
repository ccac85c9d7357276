import type { AgentCard, AgentSkill } from '@a2a-js/sdk';
import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { BaseTool } from '../tools/base-tool.js';

/**
 * What {@link buildAgentCard} needs besides the agent.
 *
 * @example
 * ```ts
 * const options: AgentCardOptions = { url: 'http://127.0.0.1:8001/', version: '1.2.0' };
 * ```
 */
export interface AgentCardOptions {
  /** The JSON-RPC endpoint's absolute URL. */
  url: string;
  /** Default `'0.0.1'`. */
  version?: string;
  /** Default `true`: `SendStreamingMessage` streams the model's text. */
  streaming?: boolean;
}

/**
 * The A2A v1.0 agent card of an agent tree: its name and description, one skill for the agent,
 * one per tool of an `LlmAgent` (name and description) and one per sub-agent (its description),
 * the streaming capability, and two JSON-RPC interfaces at `url`: v1.0 and v0.3. It never holds an
 * agent's instruction (both ADKs copy it into skill descriptions; rxadk does not).
 *
 * @example
 * ```ts
 * buildAgentCard(rootAgent, { url: 'http://127.0.0.1:8001/' }).skills.map((s) => s.name); // ['weather_agent', 'get_weather']
 * ```
 */
export function buildAgentCard(agent: BaseAgent, options: AgentCardOptions): AgentCard {
  return {
    name: agent.name,
    description: agent.description ?? '',
    supportedInterfaces: [
      { url: options.url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
      { url: options.url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
    ],
    provider: undefined,
    version: options.version ?? '0.0.1',
    capabilities: { streaming: options.streaming ?? true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [agentSkill(agent, agent.name, agent instanceof LlmAgent ? ['llm'] : ['agent']), ...toolSkills(agent), ...agent.subAgents.map((sub) => agentSkill(sub, `${agent.name}-${sub.name}`, ['sub_agent']))],
    signatures: [],
  };
}

function agentSkill(agent: BaseAgent, id: string, tags: string[]): AgentSkill {
  return skill(id, agent.name, agent.description ?? '', tags);
}

function toolSkills(agent: BaseAgent): AgentSkill[] {
  if (!(agent instanceof LlmAgent)) return [];
  return agent.tools.flatMap((tool) => (tool instanceof BaseTool ? [skill(`${agent.name}-${tool.name}`, tool.name, tool.description, ['llm', 'tools'])] : []));
}

function skill(id: string, name: string, description: string, tags: string[]): AgentSkill {
  return { id, name, description, tags, examples: [], inputModes: [], outputModes: [], securityRequirements: [] };
}
