/**
 * A Runner's plugins as an `InvocationContext` carries them (`PluginManager` is one): the
 * plugins, and each one's implementation of a hook. A hook's arguments are contexts, so the
 * hooks' types live with the plugins (lib/plugins: `HookName`, `Hook<K>`, `callbackChain`), and
 * the context sees the implementations untyped.
 *
 * @example
 * ```ts
 * const plugins: PluginManagerLike | undefined = ctx.pluginManager;
 * plugins?.getPlugin('logging_plugin')?.name; // 'logging_plugin'
 * ```
 */
export interface PluginManagerLike {
  /** The plugins, in registration order. */
  readonly plugins: ReadonlyArray<{ readonly name: string }>;
  /** The plugin named `name`. */
  getPlugin(name: string): { readonly name: string } | undefined;
  /** Each plugin's implementation of the hook named `hook`, bound to its plugin, in registration order. */
  implementationsOf(hook: string): ReadonlyArray<(...args: never[]) => unknown>;
  /**
   * The same implementations called in place: each answers as the plugin's hook does (a value,
   * nothing, a Promise or an Observable), with its failures named as `implementationsOf`'s are.
   * Optional: a first-defined chain calls `implementationsOf`'s when it is absent.
   */
  directImplementationsOf?(hook: string): ReadonlyArray<(...args: never[]) => unknown>;
}
