import type { BaseAgent } from '../agents/base-agent.js';
import type { Session } from '../sessions/session.js';

/**
 * The agent that handles the next user message of `session`. For now: the root agent.
 *
 * @example
 * ```ts
 * selectAgentForTurn(root, session); // root
 * ```
 */
export function selectAgentForTurn(root: BaseAgent, _session: Session): BaseAgent {
  return root;
}
