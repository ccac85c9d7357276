import { concatMap, from, type Observable, take } from 'rxjs';
import { fromMaybeAsync, type MaybeAsync } from '../utils/from-maybe-async.js';

/**
 * The "first defined wins" chain of SPEC §3: calls `producers` one after another, lazily, and
 * emits the first result any of them yields; the later producers are never called. Completes
 * empty when none yields a result. An error from a producer ends the chain with that error.
 *
 * ```
 * producers:  f1 → |      f2 → --(b|)      f3 (never called)
 * result:     --(b|)
 * ```
 *
 * @example
 * ```ts
 * firstDefined([() => undefined, () => Promise.resolve('cached'), () => callModel()])
 *   .subscribe(console.log); // 'cached' — callModel is never invoked
 * ```
 */
export function firstDefined<T>(producers: Iterable<() => MaybeAsync<T>>): Observable<T> {
  return from(producers).pipe(
    concatMap((produce) => fromMaybeAsync(produce)),
    take(1),
  );
}
