import { EMPTY, type Observable } from 'rxjs';
import { firstDefined } from '../operators/first-defined.js';
import type { HookArgs, HookName, HookResults, Hook } from './callback-types.js';
import type { PluginManager } from './plugin-manager.js';

/**
 * Runs one hook as a first-defined-wins chain: the plugins' implementations first (registration
 * order), then the agent's own callbacks (list order). Each is called lazily, at its turn; the
 * first result ends the chain and is emitted; nothing after it is ever called.
 *
 * ```
 * plugins:  p1 → |   p2 → |            own:  cb1 → (r|)   cb2 (never called)
 * result:   (r|)
 * ```
 *
 * @example
 * ```ts
 * runCallbackChain(ctx.pluginManager, 'beforeModelCallback', agent.beforeModelCallbacks, cbCtx, request)
 *   .subscribe((cached) => ...); // emits only if some plugin or callback returned a response
 * ```
 */
export function runCallbackChain<K extends HookName>(
  plugins: PluginManager | undefined,
  hook: K,
  callbacks: readonly Hook<K>[],
  ...args: HookArgs[K]
): Observable<HookResults[K]> {
  const pluginCalls = plugins?.implements(hook) ? plugins.callsFor(hook, ...args) : [];
  if (pluginCalls.length === 0 && callbacks.length === 0) return EMPTY;
  return firstDefined([...pluginCalls, ...callbacks.map((callback) => () => callback(...args))]);
}

/**
 * True when a chain for `hook` would call anything: a plugin implements it or the agent has
 * callbacks. Lets a pipeline leave the chain's operators out entirely when nothing is registered.
 *
 * @example
 * ```ts
 * const model$ = hasCallbacks(plugins, 'afterModelCallback', agent.afterModelCallbacks) ? withAfterModel(raw$) : raw$;
 * ```
 */
export function hasCallbacks(plugins: PluginManager | undefined, hook: HookName, callbacks: readonly unknown[]): boolean {
  return callbacks.length > 0 || !!plugins?.implements(hook);
}
