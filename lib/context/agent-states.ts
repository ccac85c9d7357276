import type { Event } from '../events/event.js';

/** The part of an agent tree the fold needs: names and children. */
export interface AgentTreeNode {
  readonly name: string;
  readonly subAgents: readonly AgentTreeNode[];
}

/**
 * Where each agent of one invocation is, rebuilt from its checkpoint events (ADK Python's
 * `agent_states` and `end_of_agents`): the latest `actions.agentState` of every agent that has
 * not ended, and the agents that have ended.
 */
export interface AgentStates {
  readonly states: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  readonly ended: ReadonlySet<string>;
}

/** No agent has started or ended. */
export const NO_AGENT_STATES: AgentStates = { states: new Map(), ended: new Set() };

/**
 * Folds the events of invocation `invocationId` into the {@link AgentStates} of its agents, in
 * order (a pure function of the stored events):
 *
 * - `actions.endOfAgent` by A: A has ended (its state is dropped);
 * - `actions.agentState` by A: A is at that state, and A's descendants start afresh (their states
 *   and ends are dropped: a parent writes its checkpoint just before it starts a child, so a child
 *   that ended in an earlier loop pass is not mistaken for one that ended in this one);
 * - any other event changes nothing.
 *
 * ```
 * seq{current: a}  a…  a{end}  seq{current: b}  b…  ✕        → seq at {current: b}; a ended
 * loop{current: a, times: 1}                                  → a, and what a contains, start afresh
 * ```
 *
 * @example
 * ```ts
 * const { states, ended } = foldAgentStates(session.events, 'e-1', rootAgent);
 * states.get('pipeline'); // { current_sub_agent: 'writer' }
 * ended.has('researcher'); // true
 * ```
 */
export function foldAgentStates(events: readonly Event[], invocationId: string, root: AgentTreeNode): AgentStates {
  return foldAgentStatesFrom(NO_AGENT_STATES, events, 0, invocationId, root);
}

/**
 * Carries a fold of {@link foldAgentStates} on: `previous` is the fold of `events[0 … from)`, the
 * result that of all of `events` (the same as folding them from the start). An invocation folds
 * each event once this way, however many agents ask for their state. `previous` is not changed;
 * with nothing new it is returned as it is.
 *
 * ```
 * fold(e1 e2 e3 e4)  ===  foldFrom(fold(e1 e2), [e1 e2 e3 e4], 2)
 * ```
 *
 * @example
 * ```ts
 * const before = foldAgentStates(events.slice(0, 10), 'e-1', rootAgent);
 * foldAgentStatesFrom(before, events, 10, 'e-1', rootAgent); // equals foldAgentStates(events, 'e-1', rootAgent)
 * ```
 */
export function foldAgentStatesFrom(previous: AgentStates, events: readonly Event[], from: number, invocationId: string, root: AgentTreeNode): AgentStates {
  let states: Map<string, Readonly<Record<string, unknown>>> | undefined;
  let ended: Set<string> | undefined;
  for (let i = from; i < events.length; i++) {
    const event = events[i]!;
    if (event.invocationId !== invocationId) continue;
    const { endOfAgent, agentState } = event.actions;
    if (!endOfAgent && agentState === undefined) continue;
    states ??= new Map(previous.states);
    ended ??= new Set(previous.ended);
    if (endOfAgent) {
      ended.add(event.author);
      states.delete(event.author);
    } else {
      states.set(event.author, agentState!);
      ended.delete(event.author);
      for (const name of descendantNames(root, event.author)) {
        states.delete(name);
        ended.delete(name);
      }
    }
  }
  return states && ended ? { states, ended } : previous;
}

/** The names below the agent called `name` in the tree of `root` (none if it is not there). */
function descendantNames(root: AgentTreeNode, name: string): string[] {
  const agent = findNode(root, name);
  const names: string[] = [];
  const visit = (node: AgentTreeNode) => node.subAgents.forEach((sub) => (names.push(sub.name), visit(sub)));
  if (agent) visit(agent);
  return names;
}

function findNode(node: AgentTreeNode, name: string): AgentTreeNode | undefined {
  if (node.name === name) return node;
  for (const sub of node.subAgents) {
    const found = findNode(sub, name);
    if (found) return found;
  }
  return undefined;
}
