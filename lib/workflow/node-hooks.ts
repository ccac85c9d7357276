import type { PluginManagerLike } from '../context/plugin-manager-like.js';
import { callbackChain, type CallbackChain } from '../plugins/callback-chain.js';

/**
 * The plugins' node hooks (`beforeNodeCallback`, `afterNodeCallback`) for a workflow run, decided
 * once when the run starts and carried with it to each node run ({@link NodeRunSpec}): every node
 * step asks both whether anything is registered, and this answer was two lookups per step.
 *
 * @example
 * ```ts
 * const hooks = nodeHooks(ctx.pluginManager);
 * hooks.before.registered; // false with no plugin implementing beforeNodeCallback
 * ```
 */
export interface NodeHooks {
  readonly before: CallbackChain<'beforeNodeCallback'>;
  readonly after: CallbackChain<'afterNodeCallback'>;
}

/**
 * The {@link NodeHooks} of `plugins` (a Runner's plugin manager, as an invocation carries it).
 *
 * @example
 * ```ts
 * nodeHooks(new PluginManager([new LoggingPlugin()])).after.registered; // true
 * ```
 */
export function nodeHooks(plugins: PluginManagerLike | undefined): NodeHooks {
  return { before: callbackChain(plugins, 'beforeNodeCallback'), after: callbackChain(plugins, 'afterNodeCallback') };
}
