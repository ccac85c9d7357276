import { Observable } from 'rxjs';

/**
 * `main`'s values merged with `side`'s, completing when `main` completes (an error of either is
 * the result's; `side` completing ends nothing): how a node run merges the events its dynamic
 * children send on their channel, and an LLM step the events its tools relay. `side` is subscribed first, so what it sends while `main` is
 * being subscribed is not lost. Unsubscribing, or `main` completing, unsubscribes both.
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
  return new Observable<T>((subscriber) => {
    const sideSubscription = side.subscribe({ next: (value) => subscriber.next(value), error: (error: unknown) => subscriber.error(error) });
    // main goes straight to the result's subscriber (its teardown is the subscriber's own)
    main.subscribe(subscriber);
    return sideSubscription;
  });
}
