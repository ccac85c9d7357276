import { catchError, isObservable, Observable, throwError } from 'rxjs';
import { inSpan } from '../context/instrumented.js';
import { InvocationContext } from '../context/invocation-context.js';
import { ReadonlyContext } from '../context/readonly-context.js';
import { CallbackError } from '../utils/errors.js';
import { fromMaybeAsync, isPromiseLike, type MaybeAsync } from '../utils/from-maybe-async.js';
import type { Hook, HookArgs, HookName, HookResults } from './callback-types.js';

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
  const direct = directCallback(hook, owner, callback) as (...args: unknown[]) => MaybeAsync<unknown>;
  const named = (...args: unknown[]): Observable<unknown> =>
    new Observable<unknown>((subscriber) => {
      let result: MaybeAsync<unknown>;
      try {
        result = direct(...args);
      } catch (failure) {
        subscriber.error(failure);
        return undefined;
      }
      // a plain answer (most hooks answer nothing) settles here, without a defer, an EMPTY or an of
      if (result === undefined || result === null) return subscriber.complete();
      if (isObservable(result)) return result.subscribe(subscriber);
      subscriber.next(result);
      return subscriber.complete();
    });
  return named as unknown as Hook<K>;
}

/**
 * `callback` as a first-defined chain calls it in place: called now (inside the span of the
 * context it is given), its plain answer (a value, `undefined`, `null`) returned as it is, a
 * Promise or Observable answer as an Observable of its first value; any failure — a synchronous
 * throw (thrown), a rejected Promise or an Observable error (the Observable's error) — as a
 * {@link CallbackError} naming the hook and the plugin or agent. {@link namedCallback} is the
 * same call made at subscription. A chain whose callbacks answer nothing this way subscribes to
 * nothing per callback.
 *
 * ```
 * callback:  returns r           →  r
 * callback:  throws E            →  throws CallbackError(cause E)
 * callback:  returns --a--b--|   →  --(a|)
 * callback:  returns --#E        →  --#CallbackError(cause E)
 * ```
 *
 * @example
 * ```ts
 * const audit = directCallback('beforeToolCallback', { pluginName: 'audit' }, plugin.beforeToolCallback.bind(plugin));
 * firstDefined([() => audit(toolContext, tool, args)]).subscribe(console.log);
 * ```
 */
export function directCallback<K extends HookName>(hook: K, owner: CallbackOwner, callback: Hook<K>): (...args: HookArgs[K]) => MaybeAsync<HookResults[K]> {
  const call = callback as (...args: unknown[]) => MaybeAsync<unknown>;
  const named = (cause: unknown) => (cause instanceof CallbackError ? cause : new CallbackError({ hook, ...owner, cause }));
  const direct = (...args: unknown[]): MaybeAsync<unknown> => {
    let result: MaybeAsync<unknown>;
    try {
      result = inSpan(spanContextOf(args[0]), () => call(...args));
    } catch (cause) {
      throw named(cause);
    }
    if (!isObservable(result) && !isPromiseLike(result)) return result;
    const answer = result;
    return fromMaybeAsync(() => answer).pipe(catchError((cause: unknown) => throwError(() => named(cause))));
  };
  return direct as unknown as (...args: HookArgs[K]) => MaybeAsync<HookResults[K]>;
}

/** The invocation context a callback runs in: its first argument, or the one behind it. */
function spanContextOf(first: unknown): InvocationContext | undefined {
  if (first instanceof ReadonlyContext) return ReadonlyContext.invocationOf(first);
  return first instanceof InvocationContext ? first : undefined;
}
