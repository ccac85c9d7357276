import type { RunnableAgent } from '../context/runnable-agent.js';
import { type FlowAgent, isFlowAgent } from './flow-agent.js';

/**
 * The agents `agent` may transfer to, in ADK's order: its sub-agents, then — when its parent is
 * an LLM agent — the parent (unless `disallowTransferToParent`) and the parent's other
 * sub-agents (unless `disallowTransferToPeers`).
 *
 * @example
 * ```ts
 * transferTargets(mathTutor).map((a) => a.name); // ['coordinator', 'science_tutor', 'history_tutor']
 * ```
 */
export function transferTargets(agent: FlowAgent): RunnableAgent[] {
  const targets: RunnableAgent[] = [...agent.subAgents];
  const parent = agent.parentAgent;
  if (!parent || !isFlowAgent(parent)) return targets;
  if (!agent.disallowTransferToParent) targets.push(parent);
  if (!agent.disallowTransferToPeers) targets.push(...parent.subAgents.filter((peer) => peer.name !== agent.name));
  return targets;
}
