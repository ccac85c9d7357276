import { defer, EMPTY, type Observable, tap } from 'rxjs';
import { leanConcat } from './lean-concat.js';

/**
 * The values of `source`, or — when it completes without emitting any — the values of
 * `fallback()`, subscribed only then. Errors and unsubscription pass through; `fallback` is
 * called at most once per subscription and never when `source` emitted or failed. It is
 * correct for any Observable (`undefined` is a value like any other); it is how a
 * registered callback chain gives way: "a result short-circuits the step, else the step runs".
 * A chain with nothing registered skips it entirely (see `CallbackChain.orElse`).
 *
 * ```
 * source:    --a--b--|          ----|
 * fallback:                         --x--|
 * result:    --a--b--|          ------x--|
 * ```
 *
 * @example
 * ```ts
 * orElse(cache$, () => fetchFresh$).subscribe(render); // fetchFresh$ runs only on a cache miss
 * ```
 */
export function orElse<T, U = T>(source: Observable<T>, fallback: () => Observable<U>): Observable<T | U> {
  return defer(() => {
    let emitted = false;
    return leanConcat<T | U>(
      source.pipe(tap(() => (emitted = true))),
      defer(() => (emitted ? EMPTY : fallback())),
    );
  });
}
