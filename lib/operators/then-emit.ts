import { type MonoTypeOperatorFunction, Observable } from 'rxjs';

/**
 * The source's values, then `value` once the source completes: rxjs's `endWith` for one value,
 * without the `concat` it is built on (one subscriber, not four). An error of the source ends
 * the result without `value`; unsubscribing tears the source down.
 *
 * ```
 * source:  --a--b--|
 * result:  --a--b--(v|)
 * ```
 *
 * @example
 * ```ts
 * ctx.emit(event).pipe(map(toItem), thenEmit(doneItem));
 * ```
 */
export function thenEmit<T>(value: T): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) =>
      source.subscribe({
        next: (item) => subscriber.next(item),
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          subscriber.next(value);
          subscriber.complete();
        },
      }),
    );
}
