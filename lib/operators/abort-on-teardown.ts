import { type MonoTypeOperatorFunction, Observable } from 'rxjs';

/**
 * Aborts `controller` when the subscription ends without the source completing: the subscriber
 * unsubscribed early, or the source errored. A normal completion leaves it untouched. This is how
 * "cancellation is unsubscription" reaches code that only understands `AbortSignal` (fetch,
 * Promise-returning tools).
 *
 * ```
 * source:   --a--b--c--|        --a--b--#         --a--b-
 * unsub:                                                 ^
 * aborted:  no                  yes (after #)     yes (at ^)
 * ```
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * work$.pipe(abortOnTeardown(controller)).subscribe().unsubscribe(); // controller.signal.aborted === true
 * ```
 */
export function abortOnTeardown<T>(controller: { abort(): void }): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let completed = false;
      const subscription = source.subscribe({
        next: (value) => subscriber.next(value),
        error: (error) => subscriber.error(error),
        complete: () => {
          completed = true;
          subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
        if (!completed) controller.abort();
      };
    });
}
