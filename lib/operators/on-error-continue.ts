import { Observable, type OperatorFunction, throwError } from 'rxjs';

/**
 * The source's values; if it errors, the values and the end of `handler(error)` instead: rxjs's
 * `catchError(handler)` without its extra subscriber and its synchronous-unsubscribe
 * bookkeeping (a workflow node's attempt is wrapped in it, on every node step). A throw of
 * `handler` is the result's error; unsubscribing tears down the source or the handler's
 * Observable, whichever runs. Completion passes through; `handler` is never called then.
 *
 * ```
 * source:   --a--#              handler(e) = --x--y|
 * result:   --a----x--y|
 * ```
 *
 * @example
 * ```ts
 * attempt$.pipe(onErrorContinue((error) => concat(errorEvent$(error), retry$)));
 * ```
 */
export function onErrorContinue<T, R>(handler: (error: unknown) => Observable<R>): OperatorFunction<T, T | R> {
  return (source) =>
    new Observable<T | R>((subscriber) =>
      source.subscribe({
        next: (value) => subscriber.next(value),
        // the handler's Observable gets the result's subscriber: its teardown and its end are the result's
        error: (error: unknown) => handled(handler, error).subscribe(subscriber),
        complete: () => subscriber.complete(),
      }),
    );
}

/** `handler(error)`, or its throw as an error. */
function handled<R>(handler: (error: unknown) => Observable<R>, error: unknown): Observable<R> {
  try {
    return handler(error);
  } catch (thrown) {
    return throwError(() => thrown);
  }
}
