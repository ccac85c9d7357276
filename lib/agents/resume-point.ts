import type { InvocationContext } from '../context/invocation-context.js';
import type { BaseAgent } from './base-agent.js';

/** Where a Sequential or Loop agent carries on: see {@link resumePoint}. */
export interface ResumePoint {
  /** The index of the first sub-agent to run. */
  start: number;
  /** True when that sub-agent is the one the checkpoint names: its checkpoint is already stored. */
  resumed: boolean;
  /** The agent's checkpoint, if it has one in this invocation. */
  state: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Where `agent` (a Sequential or Loop agent) starts in this invocation, from its checkpoint
 * `{current_sub_agent}` (ADK Python's `_get_start_index`): no checkpoint, or a sub-agent that no
 * longer exists → 0; `''` → past the end (it had finished); else that sub-agent's index, or the
 * next one when that sub-agent has ended (the process died between its end and the next
 * checkpoint: it is not run again).
 *
 * @example
 * ```ts
 * resumePoint(ctx, pipeline); // { start: 1, resumed: true, state: { current_sub_agent: 'writer' } }
 * ```
 */
export function resumePoint(ctx: InvocationContext, agent: BaseAgent): ResumePoint {
  const { states, ended } = ctx.agentStates();
  const state = states.get(agent.name);
  const current = state?.['current_sub_agent'];
  if (state === undefined || typeof current !== 'string') return { start: 0, resumed: false, state };
  if (current === '') return { start: agent.subAgents.length, resumed: false, state };
  const index = agent.subAgents.findIndex((sub) => sub.name === current);
  if (index < 0) return { start: 0, resumed: false, state };
  return ended.has(current) ? { start: index + 1, resumed: false, state } : { start: index, resumed: true, state };
}
