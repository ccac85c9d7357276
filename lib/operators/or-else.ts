import { Observable, type Subscription } from 'rxjs';

/**
 * The values of `source`, or — when it completes without emitting any — the values of
 * `fallback()`, subscribed only then. Errors and unsubscription pass through; `fallback` is
 * called at most once per subscription and never when `source` emitted or failed. It is
 * correct for any Observable (`undefined` is a value like any other); it is how a
 * registered callback chain gives way: "a result short-circuits the step, else the step runs".
 * A chain with nothing registered skips it entirely (see `CallbackChain.orElse`). One subscriber
 * for the source (no `defer`, `tap` and concatenation), and the fallback's subscription when it
 * runs: every registered hook that guards a step goes through here.
 *
 * ```
 * source:    --a--b--|          ----|
 * fallback:                         --x--|
 * result:    --a--b--|          ------x--|
 * ```
 *
 * @example
 * ```ts
 * orElse(cache$, () => fetchFresh$).subscribe(render); // fetchFresh$ runs only on a cache miss
 * ```
 */
export function orElse<T, U = T>(source: Observable<T>, fallback: () => Observable<U>): Observable<T | U> {
  return new Observable<T | U>((subscriber) => {
    let emitted = false;
    let fallbackSubscription: Subscription | undefined;
    const sourceSubscription = source.subscribe({
      next: (value) => {
        emitted = true;
        subscriber.next(value);
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => {
        if (emitted) return subscriber.complete();
        let next: Observable<U>;
        try {
          next = fallback();
        } catch (error) {
          return subscriber.error(error);
        }
        fallbackSubscription = next.subscribe(subscriber);
      },
    });
    return () => {
      sourceSubscription.unsubscribe();
      fallbackSubscription?.unsubscribe();
    };
  });
}
