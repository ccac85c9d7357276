import { asyncScheduler, mergeMap, type MonoTypeOperatorFunction, type SchedulerLike, throwError, timer } from 'rxjs';
import { untilComplete } from '../operators/until-complete.js';

/**
 * Fails the source with `error()` unless it completes within `seconds` (on `scheduler`, so
 * virtual time in marble tests); the timer is dropped when the source completes or errors, and
 * the source is unsubscribed when the time is up. No limit when `seconds` is undefined.
 *
 * ```
 * withTimeout(3 s):   source  --a------|            --a-----------…
 *                     result  --a------|            --a--# (at 3 s, source unsubscribed)
 * ```
 *
 * @example
 * ```ts
 * work$.pipe(withTimeout(10, () => new NodeTimeoutError({ nodeName: 'fetch', timeout: 10 })));
 * ```
 */
export function withTimeout<T>(seconds: number | undefined, error: () => Error, scheduler: SchedulerLike = asyncScheduler): MonoTypeOperatorFunction<T> {
  if (seconds === undefined) return (source) => source;
  return (source) => untilComplete(source, timer(seconds * 1000, scheduler).pipe(mergeMap(() => throwError(error))));
}
