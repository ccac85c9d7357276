import { Observable, type Observer, type OperatorFunction, type Subscriber, throwError } from 'rxjs';

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
    new Observable<T | R>((subscriber) => source.subscribe(new ContinueOnError(subscriber, handler)));
}

/** The source's observer: one object, its methods on the prototype (no closures per subscription). */
class ContinueOnError<T, R> implements Observer<T> {
  constructor(
    private readonly subscriber: Subscriber<T | R>,
    private readonly handler: (error: unknown) => Observable<R>,
  ) {}

  next(value: T): void {
    this.subscriber.next(value);
  }

  error(error: unknown): void {
    // the handler's Observable gets the result's subscriber: its teardown and its end are the result's
    handled(this.handler, error).subscribe(this.subscriber);
  }

  complete(): void {
    this.subscriber.complete();
  }
}

/** `handler(error)`, or its throw as an error. */
function handled<R>(handler: (error: unknown) => Observable<R>, error: unknown): Observable<R> {
  try {
    return handler(error);
  } catch (thrown) {
    return throwError(() => thrown);
  }
}
