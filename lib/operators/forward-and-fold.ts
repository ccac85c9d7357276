import { Observable, type OperatorFunction, throwError } from 'rxjs';

/**
 * Passes on at once what `forward` maps a value to (values it maps to `undefined` are held back),
 * folds every value into an accumulator, and when the source completes goes on with
 * `then(accumulator)`, whose values follow and whose end is the result's. One subscriber for the
 * whole source, where `connect` + `merge` + `filter` + `reduce` + `concatMap` take seven. An
 * error of the source, of `forward`, `fold` or `then` is the result's; unsubscribing tears down
 * the source or `then`'s Observable, whichever runs.
 *
 * ```
 * source:  --e1--o1--e2--|             forward: e → E, o → undefined; fold collects o
 * result:  --E1------E2--(T|)          T = then([o1])
 * ```
 *
 * @example
 * ```ts
 * items$.pipe(forwardAndFold((item) => (item.kind === 'event' ? item : undefined), (n, _item) => n + 1, 0, (n) => of(`${n} items`)));
 * ```
 */
export function forwardAndFold<T, A, R>(
  forward: (value: T) => R | undefined,
  fold: (accumulator: A, value: T) => A,
  seed: A,
  then: (accumulator: A) => Observable<R>,
): OperatorFunction<T, R> {
  return (source) =>
    new Observable<R>((subscriber) => {
      let accumulator = seed;
      const upstream = source.subscribe({
        next: (value) => {
          let passed: R | undefined;
          try {
            passed = forward(value);
            accumulator = fold(accumulator, value);
          } catch (error) {
            subscriber.error(error);
            return;
          }
          if (passed !== undefined) subscriber.next(passed);
        },
        error: (error: unknown) => subscriber.error(error),
        // the continuation gets the result's subscriber: its teardown and its end are the result's
        complete: () => continueWith(then, accumulator).subscribe(subscriber),
      });
      return upstream;
    });
}

/** `then(accumulator)`, or its throw as an error: `defer`'s guard without its extra subscriber. */
function continueWith<A, R>(then: (accumulator: A) => Observable<R>, accumulator: A): Observable<R> {
  try {
    return then(accumulator);
  } catch (error) {
    return throwError(() => error);
  }
}
