import { concatMap, EMPTY, from, ignoreElements, type Observable } from 'rxjs';
import { firstDefined } from '../operators/first-defined.js';
import { PluginConfigError } from '../utils/errors.js';
import { fromMaybeAsync, type MaybeAsync } from '../utils/from-maybe-async.js';
import type { BasePlugin } from './base-plugin.js';
import type { HookArgs, HookName, HookResults } from './callback-types.js';

/**
 * The plugins of a Runner, in registration order, and the two ways their hooks run: as the head
 * of a first-defined-wins chain ({@link callsFor}, {@link runFirst}), or on every plugin
 * ({@link runAll}, for `afterRunCallback` and `onRunErrorCallback`).
 *
 * @example
 * ```ts
 * const plugins = new PluginManager([logging, audit]);
 * plugins.runFirst('beforeRunCallback', ctx).subscribe((content) => ...); // first result only
 * ```
 */
export class PluginManager {
  readonly plugins: readonly BasePlugin[];
  private readonly implementers = new Map<HookName, readonly BasePlugin[]>();

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
    return this.implementersOf(hook).length > 0;
  }

  /** Lazy calls of `hook` on each plugin that implements it, in registration order. */
  callsFor<K extends HookName>(hook: K, ...args: HookArgs[K]): Array<() => MaybeAsync<HookResults[K]>> {
    return this.implementersOf(hook).map((plugin) => () => (plugin[hook] as (...a: HookArgs[K]) => MaybeAsync<HookResults[K]>).apply(plugin, args));
  }

  private implementersOf(hook: HookName): readonly BasePlugin[] {
    let found = this.implementers.get(hook);
    if (!found) this.implementers.set(hook, (found = this.plugins.filter((plugin) => typeof plugin[hook] === 'function')));
    return found;
  }

  /** Runs `hook` plugin by plugin until one returns a result; emits that result. */
  runFirst<K extends HookName>(hook: K, ...args: HookArgs[K]): Observable<HookResults[K]> {
    return this.implements(hook) ? firstDefined(this.callsFor(hook, ...args)) : EMPTY;
  }

  /** Runs `hook` on every plugin, one after another; emits nothing. */
  runAll<K extends HookName>(hook: K, ...args: HookArgs[K]): Observable<never> {
    if (!this.implements(hook)) return EMPTY;
    return from(this.callsFor(hook, ...args)).pipe(
      concatMap((call) => fromMaybeAsync(call)),
      ignoreElements(),
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
