import { EMPTY, concatMap, identity, map, type MonoTypeOperatorFunction, type Observable, of } from 'rxjs';
import type { PluginManagerLike } from '../context/plugin-manager-like.js';
import { firstDefined } from '../operators/first-defined.js';
import { orElse } from '../operators/or-else.js';
import type { Hook, HookArgs, HookName, HookResults } from './callback-types.js';
import { directCallback } from './named-callback.js';

/**
 * One hook of one agent under one plugin manager, decided once: either **nothing is registered**
 * (no plugin implements the hook, the agent has no callback for it) or a **registered** chain,
 * first defined wins — the plugins' implementations (registration order), then the agent's own
 * callbacks (list order), each called lazily at its turn. The two are different objects with the
 * same methods, so a step asks the chain rather than comparing it with a sentinel; with nothing
 * registered every method returns what it was given, with no operator in between.
 *
 * ```
 * registered:      p1 → |   cb1 → --(r|)   cb2 (never called)
 *   run(...args):  --(r|)
 *   orElse(args, f):  --(r|)              (f never called; when nothing is defined: --f()…)
 * nothing registered:
 *   run(...args):  |
 *   orElse(args, f):  f()                 (the very Observable f returns)
 * ```
 *
 * @example
 * ```ts
 * const beforeModel = callbackChain(plugins, 'beforeModelCallback', agent.beforeModelCallbacks);
 * beforeModel.orElse([callbackContext, request], () => model.generateContent(request));
 * ```
 */
export interface CallbackChain<K extends HookName, R = HookResults[K]> {
  /** True when a plugin implements the hook or the agent has a callback for it. */
  readonly registered: boolean;
  /** Runs the chain: emits the first defined result and completes, or completes empty. */
  run(...args: HookArgs[K]): Observable<R>;
  /** The chain's result for `args`, else `fallback()`. Nothing registered: `fallback()` itself. */
  orElse<U>(args: HookArgs[K], fallback: () => Observable<U>): Observable<R | U>;
  /** An operator replacing each value by the chain's result for `argsOf(value)`, if any. Nothing registered: `identity`. */
  replaceEach(argsOf: (value: R) => HookArgs[K]): MonoTypeOperatorFunction<R>;
  /** The same chain with `project` applied to its result. Nothing registered: still nothing registered. */
  map<S>(project: (result: R) => S): CallbackChain<K, S>;
}

/**
 * The {@link CallbackChain} of `hook` for `plugins` and an agent's `callbacks`, decided now:
 * "nothing registered" when neither has anything for the hook. Build it once per agent (see
 * `agentHooks`, `llmAgentHooks`) or once per plugin manager (`PluginManager.chain`), not per call.
 *
 * ```
 * plugins: [p1 implements hook]  callbacks: [cb1]  →  registered: p1 → cb1
 * plugins: []                    callbacks: []     →  nothing registered
 * ```
 *
 * @example
 * ```ts
 * const onEvent = callbackChain(ctx.pluginManager, 'onEventCallback');
 * stored$.pipe(onEvent.replaceEach((stored) => [ctx, stored]));
 * ```
 */
export function callbackChain<K extends HookName>(
  plugins: PluginManagerLike | undefined,
  hook: K,
  callbacks: readonly Hook<K>[] = [],
  agentName = 'unknown',
): CallbackChain<K> {
  const implementations = pluginImplementations(plugins, hook);
  // asked on every workflow node step (before and after): nothing registered allocates nothing
  if (implementations.length === 0 && callbacks.length === 0) return nothingRegistered<K, HookResults[K]>();
  const own = callbacks.map((callback) => directCallback(hook, { agentName }, callback));
  const hooks = [...implementations, ...own];
  return new RegisteredChain<K, HookResults[K]>((args) => firstDefined(hooks.map((call) => () => call(...args))));
}

/**
 * The plugins' implementations of `hook`: what `PluginManager.implementationsOf` gives, typed
 * again (the context carries the manager as a `PluginManagerLike`, below the hooks' types).
 */
function pluginImplementations<K extends HookName>(plugins: PluginManagerLike | undefined, hook: K): ReadonlyArray<Hook<K>> {
  // called in place when the manager can (a plain answer costs no subscription), else as Observables
  return (plugins?.directImplementationsOf?.(hook) ?? plugins?.implementationsOf(hook) ?? []) as ReadonlyArray<Hook<K>>;
}

/** No plugin, no callback: every method hands back what it was given. */
/** The chain of a hook nobody implements: one shared instance, as it holds nothing. */
function nothingRegistered<K extends HookName, R>(): CallbackChain<K, R> {
  return NOTHING_REGISTERED as unknown as CallbackChain<K, R>;
}

class NothingRegistered<K extends HookName, R> implements CallbackChain<K, R> {
  readonly registered = false;

  run(): Observable<R> {
    return EMPTY;
  }

  orElse<U>(_args: HookArgs[K], fallback: () => Observable<U>): Observable<U> {
    return fallback();
  }

  replaceEach(): MonoTypeOperatorFunction<R> {
    return identity;
  }

  map<S>(): CallbackChain<K, S> {
    return nothingRegistered<K, S>();
  }
}

const NOTHING_REGISTERED = new NothingRegistered<HookName, unknown>();

/** At least one plugin or callback: runs them first-defined-wins through `runChain`. */
class RegisteredChain<K extends HookName, R> implements CallbackChain<K, R> {
  readonly registered = true;

  constructor(private readonly runChain: (args: HookArgs[K]) => Observable<R>) {}

  run(...args: HookArgs[K]): Observable<R> {
    return this.runChain(args);
  }

  orElse<U>(args: HookArgs[K], fallback: () => Observable<U>): Observable<R | U> {
    return orElse(this.runChain(args), fallback);
  }

  replaceEach(argsOf: (value: R) => HookArgs[K]): MonoTypeOperatorFunction<R> {
    return concatMap((value) => orElse(this.runChain(argsOf(value)), () => of(value)));
  }

  map<S>(project: (result: R) => S): CallbackChain<K, S> {
    return new RegisteredChain<K, S>((args) => this.runChain(args).pipe(map(project)));
  }
}
