import { isObservable, Observable } from 'rxjs';
import { inSpan } from '../context/instrumented.js';
import { InvocationContext } from '../context/invocation-context.js';
import { ReadonlyContext } from '../context/readonly-context.js';
import { CallbackError } from '../utils/errors.js';
import { fromMaybeAsync, isPromiseLike, type MaybeAsync } from '../utils/from-maybe-async.js';
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
 * callback:  returns nothing   →  |
 * ```
 *
 * One subscriber: the callback is called when it is subscribed, and only a Promise or an
 * Observable it returns is subscribed in turn (its first value, as `fromMaybeAsync` takes it).
 *
 * @example
 * ```ts
 * const audited = namedCallback('beforeToolCallback', { pluginName: 'audit' }, plugin.beforeToolCallback.bind(plugin));
 * ```
 */
export function namedCallback<K extends HookName>(hook: K, owner: CallbackOwner, callback: Hook<K>): Hook<K> {
  const call = callback as (...args: unknown[]) => MaybeAsync<unknown>;
  const named = (...args: unknown[]): Observable<unknown> =>
    new Observable<unknown>((subscriber) => {
      const fail = (cause: unknown) => subscriber.error(cause instanceof CallbackError ? cause : new CallbackError({ hook, ...owner, cause }));
      let result: MaybeAsync<unknown>;
      try {
        result = inSpan(spanContextOf(args[0]), () => call(...args));
      } catch (cause) {
        fail(cause);
        return undefined;
      }
      // a plain answer (most hooks answer nothing) settles here, without a defer, an EMPTY or an of
      if (result === undefined || result === null) return subscriber.complete();
      if (!isObservable(result) && !isPromiseLike(result)) {
        subscriber.next(result);
        return subscriber.complete();
      }
      const answer = result;
      return fromMaybeAsync(() => answer).subscribe({ next: (value) => subscriber.next(value), error: fail, complete: () => subscriber.complete() });
    });
  return named as unknown as Hook<K>;
}

/** The invocation context a callback runs in: its first argument, or the one behind it. */
function spanContextOf(first: unknown): InvocationContext | undefined {
  if (first instanceof ReadonlyContext) return ReadonlyContext.invocationOf(first);
  return first instanceof InvocationContext ? first : undefined;
}
