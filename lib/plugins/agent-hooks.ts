import type { PluginManagerLike } from '../context/plugin-manager-like.js';
import { asArray } from '../utils/as-array.js';
import { callbackChain, type CallbackChain } from './callback-chain.js';
import type { AgentCallback, OneOrMany } from './callback-types.js';
import { memoisePerAgent } from './memoise-per-agent.js';

/** Where an agent keeps its before- and after-agent callbacks (every `BaseAgent`). */
export interface AgentCallbackSource {
  readonly name: string;
  readonly beforeAgentCallback: OneOrMany<AgentCallback> | undefined;
  readonly afterAgentCallback: OneOrMany<AgentCallback> | undefined;
}

/** The before- and after-agent chains of one agent under one plugin manager. */
export interface AgentHooks {
  readonly beforeAgent: CallbackChain<'beforeAgentCallback'>;
  readonly afterAgent: CallbackChain<'afterAgentCallback'>;
}

/**
 * The agent's before- and after-agent {@link CallbackChain}s under `plugins`, decided once per
 * (plugin manager, agent) — on the agent's first run there — and reused by every later run. The
 * agent's callbacks are read then: give them to its constructor.
 *
 * ```
 * plugins: [audit implements beforeAgentCallback]   agent: { afterAgentCallback: save }
 * agentHooks(plugins, agent):  beforeAgent: audit   afterAgent: save
 * agentHooks(undefined, new Echo({ name: 'echo' })):  both nothing registered
 * ```
 *
 * @example
 * ```ts
 * const { beforeAgent } = agentHooks(ctx.pluginManager, this);
 * if (!beforeAgent.registered) return body$;
 * ```
 */
export function agentHooks(plugins: PluginManagerLike | undefined, agent: AgentCallbackSource): AgentHooks {
  return memoisedAgentHooks(plugins, agent);
}

const memoisedAgentHooks = memoisePerAgent(
  (plugins, agent: AgentCallbackSource): AgentHooks => ({
    beforeAgent: callbackChain(plugins, 'beforeAgentCallback', asArray(agent.beforeAgentCallback), agent.name),
    afterAgent: callbackChain(plugins, 'afterAgentCallback', asArray(agent.afterAgentCallback), agent.name),
  }),
);
