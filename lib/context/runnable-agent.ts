import type { Observable } from 'rxjs';
import type { Event } from '../events/event.js';
import type { AgentLike } from './agent-like.js';
import type { InvocationContext } from './invocation-context.js';

/**
 * An {@link AgentLike} that runs in a context, in a tree of agents that do: what the LLM flow
 * needs to hand the invocation over to another agent (`transfer_to_agent`). Every `BaseAgent` is
 * one.
 *
 * @example
 * ```ts
 * const target: RunnableAgent | undefined = agent.rootAgent.findAgent('billing');
 * target?.runAsync(ctx); // the billing agent's events, in the same invocation
 * ```
 */
export interface RunnableAgent extends AgentLike {
  readonly parentAgent: RunnableAgent | undefined;
  readonly subAgents: readonly RunnableAgent[];
  readonly rootAgent: RunnableAgent;
  findAgent(name: string): RunnableAgent | undefined;
  findSubAgent(name: string): RunnableAgent | undefined;
  /** Runs the agent (cold; one run per subscription) in its own context within `parentContext`'s invocation. */
  runAsync(parentContext: InvocationContext): Observable<Event>;
}
