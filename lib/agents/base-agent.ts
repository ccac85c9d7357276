import { concatMap, defer, EMPTY, map, type Observable } from 'rxjs';
import { leanConcat } from '../operators/lean-concat.js';
import { instrumentedAgent } from '../context/instrumented.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { RunnableAgent } from '../context/runnable-agent.js';
import type { Event } from '../events/event.js';
import { agentHooks, type AgentHooks } from '../plugins/agent-hooks.js';
import type { CallbackChain } from '../plugins/callback-chain.js';
import type { AgentCallback, OneOrMany } from '../plugins/callback-types.js';
import { AgentConfigError } from '../utils/errors.js';
import { runAgentCallbacks } from './run-agent-callbacks.js';
import { validateAgentName } from './validate-agent-name.js';

/** What every agent is built from. */
export interface BaseAgentConfig {
  /** An identifier, unique in the agent tree, not `user`. */
  name: string;
  /** What the agent does; other agents read it to decide on transfers. */
  description?: string;
  subAgents?: BaseAgent[];
  beforeAgentCallback?: OneOrMany<AgentCallback>;
  afterAgentCallback?: OneOrMany<AgentCallback>;
}

/**
 * The base of every agent. {@link runAsync} is a template method:
 *
 * ```
 * before-agent chain ──content──► (event|)                       body and after-chain skipped
 *        │ no content (state written? → state-only event)
 *        ▼
 * runAsyncImpl(ctx) ──events──►  (not if the invocation ended)
 *        ▼
 * after-agent chain ──content / state──► (event|)               (not if the body errored or the invocation ended)
 * ```
 *
 * @example
 * ```ts
 * class Echo extends BaseAgent {
 *   protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
 *     return ctx.emit(ctx.createEvent({ content: { role: 'model', parts: ctx.userContent?.parts ?? [] } }));
 *   }
 * }
 * const echo = new Echo({ name: 'echo', beforeAgentCallback: (cb) => { cb.state.set('seen', true); } });
 * ```
 */
export abstract class BaseAgent implements RunnableAgent {
  readonly name: string;
  description: string | undefined;
  readonly subAgents: BaseAgent[];
  parentAgent: BaseAgent | undefined;
  readonly beforeAgentCallback: OneOrMany<AgentCallback> | undefined;
  readonly afterAgentCallback: OneOrMany<AgentCallback> | undefined;

  constructor(config: BaseAgentConfig) {
    validateAgentName(config.name);
    this.name = config.name;
    this.description = config.description;
    this.subAgents = [...(config.subAgents ?? [])];
    this.beforeAgentCallback = config.beforeAgentCallback;
    this.afterAgentCallback = config.afterAgentCallback;
    adoptSubAgents(this);
  }

  /** Runs the agent: before-agent chain, body, after-agent chain. Cold; one run per subscription. */
  runAsync(parentContext: InvocationContext): Observable<Event> {
    return defer(() => instrumentedAgent(parentContext.forAgent(this), this, (ctx) => this.runWithCallbacks(ctx)));
  }

  /** The agent's own logic. Emit through `ctx.emit(event)` to continue only once it is committed. */
  protected abstract runAsyncImpl(ctx: InvocationContext): Observable<Event>;

  /** This agent or the descendant named `name`. */
  findAgent(name: string): BaseAgent | undefined {
    return this.name === name ? this : this.findSubAgent(name);
  }

  /** The descendant named `name`. */
  findSubAgent(name: string): BaseAgent | undefined {
    for (const sub of this.subAgents) {
      const found = sub.findAgent(name);
      if (found) return found;
    }
    return undefined;
  }

  /** The top of the tree this agent belongs to. */
  get rootAgent(): BaseAgent {
    let agent: BaseAgent = this;
    while (agent.parentAgent) agent = agent.parentAgent;
    return agent;
  }

  private runWithCallbacks(ctx: InvocationContext): Observable<Event> {
    const hooks = agentHooks(ctx.pluginManager, this);
    if (!hooks.beforeAgent.registered) return this.runBodyAndAfter(ctx, hooks);
    return runAgentCallbacks(ctx, hooks.beforeAgent).pipe(
      concatMap(({ content, event }) => leanConcat(event ? ctx.emit(event) : EMPTY, content ? EMPTY : this.runBodyAndAfter(ctx, hooks))),
    );
  }

  private runBodyAndAfter(ctx: InvocationContext, hooks: AgentHooks): Observable<Event> {
    return ctx.unlessEnded(() => {
      // subscribed as soon as this factory returns (alone, or first in leanConcat): no defer of its own
      const body = this.runAsyncImpl(ctx).pipe(map((event) => withAuthor(event, this.name)));
      if (!hooks.afterAgent.registered) return body;
      return leanConcat(body, ctx.unlessEnded(() => this.runAfterAgent(ctx, hooks.afterAgent)));
    });
  }

  private runAfterAgent(ctx: InvocationContext, afterAgent: CallbackChain<'afterAgentCallback'>): Observable<Event> {
    return runAgentCallbacks(ctx, afterAgent).pipe(concatMap(({ event }) => (event ? ctx.emit(event) : EMPTY)));
  }
}

/** The event, or a copy of it authored by `author` when it has no author (events are never modified). */
function withAuthor(event: Event, author: string): Event {
  if (event.author) return event;
  const { author: _missing, ...fields } = event;
  return { author, ...fields };
}

function adoptSubAgents(parent: BaseAgent): void {
  for (const sub of parent.subAgents) {
    if (sub.parentAgent && sub.parentAgent !== parent) {
      throw new AgentConfigError(
        `Agent "${sub.name}" already has parent "${sub.parentAgent.name}" and cannot also be a sub-agent of ` +
          `"${parent.name}". Create a separate agent instance for each place in the tree.`,
        { agentName: sub.name },
      );
    }
  }
  const duplicates = duplicateNames(parent);
  if (duplicates.length) {
    throw new AgentConfigError(
      `Duplicate agent name${duplicates.length > 1 ? 's' : ''} in the tree of "${parent.name}": ` +
        `${duplicates.map((n) => `"${n}"`).join(', ')}. Agent names must be unique in a tree.`,
      { agentName: duplicates[0]! },
    );
  }
  for (const sub of parent.subAgents) sub.parentAgent = parent;
}

function duplicateNames(root: BaseAgent): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const visit = (agent: BaseAgent) => {
    if (seen.has(agent.name)) duplicates.add(agent.name);
    seen.add(agent.name);
    agent.subAgents.forEach(visit);
  };
  visit(root);
  return [...duplicates];
}
