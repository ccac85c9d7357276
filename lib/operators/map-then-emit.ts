import { Observable, type Observer, type OperatorFunction, type Subscriber } from 'rxjs';

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
    new Observable<R>((subscriber) => source.subscribe(new MapThenEmit(subscriber, project, value)));
}

/** The source's observer: one object, its methods on the prototype (no closures per subscription). */
class MapThenEmit<T, R> implements Observer<T> {
  constructor(
    private readonly subscriber: Subscriber<R>,
    private readonly project: (item: T) => R,
    private readonly value: R,
  ) {}

  next(item: T): void {
    let projected: R;
    try {
      projected = this.project(item);
    } catch (error) {
      this.subscriber.error(error);
      return;
    }
    this.subscriber.next(projected);
  }

  error(error: unknown): void {
    this.subscriber.error(error);
  }

  complete(): void {
    this.subscriber.next(this.value);
    this.subscriber.complete();
  }
}
