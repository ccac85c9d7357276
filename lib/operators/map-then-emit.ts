import { Observable, type OperatorFunction } from 'rxjs';

/**
 * The source's values through `project`, then `value` once the source completes: rxjs's
 * `map(project)` followed by `endWith(value)` in one subscriber instead of five (a workflow node
 * step commits its output event through it). An error of the source, or of `project`, ends the
 * result without `value`; unsubscribing tears the source down.
 *
 * ```
 * source:  --a--b--|
 * result:  --A--B--(v|)      A = project(a)
 * ```
 *
 * @example
 * ```ts
 * ctx.emit(event).pipe(mapThenEmit((e) => ({ kind: 'event', event: e }), doneItem));
 * ```
 */
export function mapThenEmit<T, R>(project: (item: T) => R, value: R): OperatorFunction<T, R> {
  return (source) =>
    new Observable<R>((subscriber) =>
      source.subscribe({
        next: (item) => {
          let projected: R;
          try {
            projected = project(item);
          } catch (error) {
            subscriber.error(error);
            return;
          }
          subscriber.next(projected);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          subscriber.next(value);
          subscriber.complete();
        },
      }),
    );
}
