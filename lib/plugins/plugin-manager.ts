import { catchError, concatMap, EMPTY, from, ignoreElements, type Observable, of, toArray } from 'rxjs';
import type { PluginManagerLike } from '../context/plugin-manager-like.js';
import { PluginConfigError, toError } from '../utils/errors.js';
import { fromMaybeAsync, type MaybeAsync } from '../utils/from-maybe-async.js';
import type { BasePlugin } from './base-plugin.js';
import { callbackChain, type CallbackChain } from './callback-chain.js';
import type { Hook, HookArgs, HookName, HookResults } from './callback-types.js';
import { directCallback, namedCallback } from './named-callback.js';

/**
 * The plugins of a Runner, in registration order, and the two ways their hooks run: as the head
 * of a first-defined-wins chain ({@link implementationsOf}; {@link chain} for the Runner-level
 * hooks, decided once per hook), or on every plugin ({@link runAll}, for `afterRunCallback` and
 * `onRunErrorCallback`).
 *
 * @example
 * ```ts
 * const plugins = new PluginManager([logging, audit]);
 * plugins.chain('beforeRunCallback').run(ctx).subscribe((content) => ...); // first result only
 * ```
 */
export class PluginManager implements PluginManagerLike {
  readonly plugins: readonly BasePlugin[];
  private readonly implementations = new Map<HookName, readonly unknown[]>();
  private readonly directImplementations = new Map<HookName, readonly unknown[]>();
  private readonly chains = new Map<HookName, unknown>();

  constructor(plugins: readonly BasePlugin[] = []) {
    const seen = new Set<string>();
    for (const plugin of plugins) {
      if (seen.has(plugin.name)) {
        throw new PluginConfigError(
          `Two plugins are named "${plugin.name}". Plugin names must be unique within a Runner; rename one of them.`,
          { pluginName: plugin.name },
        );
      }
      seen.add(plugin.name);
    }
    this.plugins = [...plugins];
  }

  /** The plugin named `name`. */
  getPlugin(name: string): BasePlugin | undefined {
    return this.plugins.find((p) => p.name === name);
  }

  /** True when at least one plugin implements `hook`. */
  implements(hook: HookName): boolean {
    return this.implementationsOf(hook).length > 0;
  }

  /**
   * Each plugin's implementation of `hook`, bound to its plugin, in registration order (found once
   * per hook); each fails with a `CallbackError` naming the hook and the plugin.
   */
  implementationsOf<K extends HookName>(hook: K): ReadonlyArray<Hook<K>> {
    let found = this.implementations.get(hook) as ReadonlyArray<Hook<K>> | undefined;
    if (!found) this.implementations.set(hook, (found = boundImplementations(this.plugins, hook)));
    return found;
  }

  /**
   * Each plugin's implementation of `hook` as {@link implementationsOf} gives it, called in place
   * (`directCallback`: a plain answer is returned as it is, a throw is a `CallbackError`), so that
   * a chain of plugins that answer nothing subscribes to nothing per plugin. Found once per hook.
   */
  directImplementationsOf<K extends HookName>(hook: K): ReadonlyArray<(...args: HookArgs[K]) => MaybeAsync<HookResults[K]>> {
    let found = this.directImplementations.get(hook) as ReadonlyArray<(...args: HookArgs[K]) => MaybeAsync<HookResults[K]>> | undefined;
    if (!found) this.directImplementations.set(hook, (found = implementingPlugins(this.plugins, hook).map((plugin) => directCallback(hook, { pluginName: plugin.name }, (plugin[hook] as Hook<K>).bind(plugin)))));
    return found;
  }

  /**
   * Lazy calls of `hook` on each plugin that implements it, in registration order. A call that
   * fails, fails with a `CallbackError` naming the hook and the plugin.
   */
  callsFor<K extends HookName>(hook: K, ...args: HookArgs[K]): Array<() => MaybeAsync<HookResults[K]>> {
    return this.implementationsOf(hook).map((call) => () => call(...args));
  }

  /**
   * The plugins' chain for `hook` (the Runner-level hooks: `onUserMessageCallback`,
   * `beforeRunCallback`, `onEventCallback`), decided once per hook: "nothing registered" when no
   * plugin implements it.
   *
   * ```
   * plugins: [a, b implements onEventCallback]  →  chain('onEventCallback'): b
   * plugins: [a]                                →  chain('onEventCallback'): nothing registered
   * ```
   */
  chain<K extends HookName>(hook: K): CallbackChain<K> {
    let found = this.chains.get(hook) as CallbackChain<K> | undefined;
    if (!found) this.chains.set(hook, (found = callbackChain(this, hook)));
    return found;
  }

  /** Runs `hook` plugin by plugin until one returns a result; emits that result. */
  runFirst<K extends HookName>(hook: K, ...args: HookArgs[K]): Observable<HookResults[K]> {
    return this.chain(hook).run(...args);
  }

  /** Runs `hook` on every plugin, one after another; emits nothing. */
  runAll<K extends HookName>(hook: K, ...args: HookArgs[K]): Observable<never> {
    if (!this.implements(hook)) return EMPTY;
    return from(this.callsFor(hook, ...args)).pipe(
      concatMap((call) => fromMaybeAsync(call)),
      ignoreElements(),
    );
  }

  /**
   * Runs `hook` on every plugin, one after another, even when one fails; emits the failures
   * ({@link CallbackError}s) once all have run. The Runner reports run errors this way, so that a
   * failing `onRunErrorCallback` neither hides the original error nor skips the other plugins.
   *
   * @example
   * ```ts
   * plugins.runAllSettled('onRunErrorCallback', ctx, error).subscribe((failures) => failures.length);
   * ```
   */
  runAllSettled<K extends HookName>(hook: K, ...args: HookArgs[K]): Observable<Error[]> {
    return from(this.callsFor(hook, ...args)).pipe(
      concatMap((call) => fromMaybeAsync(call).pipe(ignoreElements(), catchError((error: unknown) => of(toError(error))))),
      toArray(),
    );
  }

  /** Closes every plugin that has a `close` hook, in order. */
  close(): Observable<never> {
    return from(this.plugins.filter((p) => p.close)).pipe(
      concatMap((plugin) => fromMaybeAsync(() => plugin.close!())),
      ignoreElements(),
    );
  }
}

function implementingPlugins(plugins: readonly BasePlugin[], hook: HookName): BasePlugin[] {
  return plugins.filter((plugin) => typeof plugin[hook] === 'function');
}

function boundImplementations<K extends HookName>(plugins: readonly BasePlugin[], hook: K): Array<Hook<K>> {
  return implementingPlugins(plugins, hook)
    .map((plugin) => namedCallback(hook, { pluginName: plugin.name }, (plugin[hook] as Hook<K>).bind(plugin)));
}
