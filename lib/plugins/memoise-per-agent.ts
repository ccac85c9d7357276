import type { PluginManagerLike } from '../context/plugin-manager-like.js';

/**
 * Wraps `build` so that it runs once per (plugin manager, agent) pair and its value is reused
 * after that. Both keys are held weakly: a Runner's plugin manager or an agent that is no longer
 * used takes its values with it. An agent run without a Runner (no plugin manager) has its own
 * slot.
 *
 * ```
 * hooks(plugins, agentA)  → build(plugins, agentA)   (first call)
 * hooks(plugins, agentA)  → the same value            (every later call)
 * hooks(other, agentA)    → build(other, agentA)
 * ```
 *
 * @example
 * ```ts
 * const modelHooks = memoisePerAgent((plugins, agent: LlmAgent) => callbackChain(plugins, 'beforeModelCallback', agent.beforeModelCallbacks));
 * modelHooks(ctx.pluginManager, agent).orElse([callbackContext, request], () => callTheModel());
 * ```
 */
export function memoisePerAgent<A extends object, T, P extends object = PluginManagerLike>(
  build: (plugins: P | undefined, agent: A) => T,
): (plugins: P | undefined, agent: A) => T {
  const withoutPlugins = new WeakMap<A, T>();
  const byPlugins = new WeakMap<P, WeakMap<A, T>>();
  const slotsOf = (plugins: P | undefined): WeakMap<A, T> => {
    if (!plugins) return withoutPlugins;
    let slots = byPlugins.get(plugins);
    if (!slots) byPlugins.set(plugins, (slots = new WeakMap()));
    return slots;
  };
  return (plugins, agent) => {
    const slots = slotsOf(plugins);
    let value = slots.get(agent);
    if (value === undefined) slots.set(agent, (value = build(plugins, agent)));
    return value;
  };
}
