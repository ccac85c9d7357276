/**
 * An agent as the floors below lib/agents see it — contexts, instrumentation, plugins, the LLM
 * flow: its name, its description and its place in the tree. Every `BaseAgent` is one. It names
 * no context (an `InvocationContext` holds one), so it cannot run; {@link RunnableAgent} can.
 *
 * @example
 * ```ts
 * const agent: AgentLike = ctx.agent;
 * agent.rootAgent.findAgent('billing')?.description; // 'Answers billing questions.'
 * ```
 */
export interface AgentLike {
  /** Unique in its tree. */
  readonly name: string;
  /** What the agent does; other agents read it to decide on transfers. */
  readonly description: string | undefined;
  readonly parentAgent: AgentLike | undefined;
  readonly subAgents: readonly AgentLike[];
  /** The top of the tree this agent belongs to. */
  readonly rootAgent: AgentLike;
  /** This agent or the descendant named `name`. */
  findAgent(name: string): AgentLike | undefined;
  /** The descendant named `name`. */
  findSubAgent(name: string): AgentLike | undefined;
}
