import { concatMap, defaultIfEmpty, EMPTY, type Observable, of } from 'rxjs';

/**
 * The value a callback chain produced, or — when it produced none — what `fallback()` gives:
 * "a result short-circuits the step, else the step runs". When the chain is the `EMPTY` constant
 * (nothing registered for that hook), `fallback()` is returned directly, with no operator in
 * between: the common case costs nothing.
 *
 * ```
 * chain:    --(r|)          --|
 * result:   --(r|)          --fallback()…
 * ```
 *
 * @example
 * ```ts
 * orElse(runCallbackChain(plugins, 'beforeModelCallback', callbacks, cbCtx, request), () => model.generateContent(request));
 * ```
 */
export function orElse<T, U = T>(chain: Observable<T>, fallback: () => Observable<U>): Observable<T | U> {
  if (chain === EMPTY) return fallback();
  return chain.pipe(
    defaultIfEmpty(undefined),
    concatMap((value): Observable<T | U> => (value === undefined ? fallback() : of(value))),
  );
}
