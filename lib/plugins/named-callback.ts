import { catchError, type Observable, throwError } from 'rxjs';
import { inSpan } from '../context/instrumented.js';
import { InvocationContext } from '../context/invocation-context.js';
import { ReadonlyContext } from '../context/readonly-context.js';
import { CallbackError } from '../utils/errors.js';
import { fromMaybeAsync, type MaybeAsync } from '../utils/from-maybe-async.js';
import type { Hook, HookName } from './callback-types.js';

/** Whose callback it is: a plugin's, or an agent's own. */
export type CallbackOwner = { pluginName: string } | { agentName: string };

/**
 * `callback` as the chains call it: its result as an Observable (`fromMaybeAsync`), and any
 * failure — a synchronous throw, a rejected Promise, an Observable error — as a
 * {@link CallbackError} naming the hook and the plugin or agent, with the original as `cause`.
 *
 * ```
 * callback:  throws E          →  #CallbackError('The beforeToolCallback of plugin "audit" failed: E', cause E)
 * callback:  returns r         →  (r|)
 * ```
 *
 * @example
 * ```ts
 * const audited = namedCallback('beforeToolCallback', { pluginName: 'audit' }, plugin.beforeToolCallback.bind(plugin));
 * ```
 */
export function namedCallback<K extends HookName>(hook: K, owner: CallbackOwner, callback: Hook<K>): Hook<K> {
  const call = callback as (...args: unknown[]) => MaybeAsync<unknown>;
  const named = (...args: unknown[]): Observable<unknown> =>
    fromMaybeAsync(() => inSpan(spanContextOf(args[0]), () => call(...args))).pipe(
      catchError((cause: unknown) => throwError(() => (cause instanceof CallbackError ? cause : new CallbackError({ hook, ...owner, cause })))),
    );
  return named as unknown as Hook<K>;
}

/** The invocation context a callback runs in: its first argument, or the one behind it. */
function spanContextOf(first: unknown): InvocationContext | undefined {
  if (first instanceof ReadonlyContext) return ReadonlyContext.invocationOf(first);
  return first instanceof InvocationContext ? first : undefined;
}
