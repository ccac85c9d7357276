import { endWith, merge, type Observable, takeWhile } from 'rxjs';

const DONE: unique symbol = Symbol('done');

/**
 * `main`'s values merged with `side`'s, completing when `main` completes (an error of either is
 * the result's): how a node run merges the events its dynamic children send on their channel, and an LLM step the events its tools relay.
 *
 * ```
 * main   --a-----b--|
 * side   -----x------------y
 * result --a--x--b--|
 * ```
 *
 * @example
 * ```ts
 * untilComplete(body$, childEvents$);
 * ```
 */
export function untilComplete<T>(main: Observable<T>, side: Observable<T>): Observable<T> {
  return merge(side, main.pipe(endWith(DONE))).pipe(takeWhile((value): value is T => value !== DONE));
}
