import type { BaseAgent } from '../agents/base-agent.js';

/**
 * The state an eval case made from a session starts with, as ADK makes it (`create_empty_state`):
 * `''` for every `{key}` placeholder in the string instructions of the agent and its sub-agents,
 * so that the instructions resolve when the case runs in a fresh session. Keys already in
 * `initialized` are left out.
 *
 * @example
 * ```ts
 * const agent = new LlmAgent({ name: 'greeter', model, instruction: 'Greet {user_name} in {language}.' });
 * emptyStateOf(agent);                          // { user_name: '', language: '' }
 * emptyStateOf(agent, { language: 'French' });  // { user_name: '' }
 * ```
 */
export function emptyStateOf(agent: BaseAgent, initialized: Readonly<Record<string, unknown>> = {}): Record<string, string> {
  const keys = new Set(placeholdersOf(agent, new Set()));
  return Object.fromEntries([...keys].filter((key) => !Object.hasOwn(initialized, key)).map((key) => [key, '']));
}

function placeholdersOf(agent: BaseAgent, visited: Set<BaseAgent>): string[] {
  if (visited.has(agent)) return [];
  visited.add(agent);
  const below = agent.subAgents.flatMap((sub) => placeholdersOf(sub, visited));
  const instruction = (agent as { instruction?: unknown }).instruction;
  const own = typeof instruction === 'string' ? [...instruction.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!) : [];
  return [...below, ...own];
}
