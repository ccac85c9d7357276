import { catchError, EMPTY, ignoreElements, mergeMap, Observable, ReplaySubject, Subject, type Subscriber, takeUntil, tap } from 'rxjs';
import { AdmissionLimitError } from './admission-limit-error.js';

/**
 * Admits an Observable into an {@link admissionQueue}: the returned Observable subscribes `work`
 * once a place is free, and mirrors it.
 *
 * @example
 * ```ts
 * const admit: Admit = admissionQueue(64);
 * admit(turn$).subscribe((event) => console.log(event));
 * ```
 */
export type Admit = <T>(work: Observable<T>) => Observable<T>;

/**
 * A first-come, first-served admission queue: at most `limit` admitted Observables are
 * subscribed at once; the others wait, in the order they were subscribed, until one of those
 * ends. What the server puts in front of its Runners, so that under overload a turn waits here,
 * in arrival order, instead of every turn running at once and sharing the event loop (and the
 * store's connections) with all the others.
 *
 * - An admitted Observable's values, error and completion reach its own subscriber only; its
 *   error frees its place like a completion and does not reach the others.
 * - Unsubscribing while waiting leaves the queue: `work` is never subscribed (its place in the
 *   line is skipped when reached). Unsubscribing while running unsubscribes `work` and frees
 *   its place at once.
 * - A place that frees synchronously (an empty `work`, a `work` that throws on subscription)
 *   admits the next one in the same call.
 * - `Infinity` admits everything at once (no queue).
 *
 * Throws an {@link AdmissionLimitError} for a limit that is not a whole number ≥ 1 or `Infinity`.
 *
 * @example
 * ```ts
 * const admit = admissionQueue(2);
 * const turn = (n: number) => timer(100).pipe(map(() => n));
 * merge(admit(turn(1)), admit(turn(2)), admit(turn(3))).subscribe(console.log);
 * // 1 and 2 at 100 ms; 3 starts then, and ends at 200 ms
 * ```
 */
export function admissionQueue(limit: number): Admit {
  if (limit !== Infinity && !(Number.isInteger(limit) && limit >= 1)) throw new AdmissionLimitError(limit);
  const arrivals = new Subject<Observable<never>>();
  arrivals.pipe(mergeMap((ticket) => ticket, limit)).subscribe();
  return <T>(work: Observable<T>) =>
    new Observable<T>((subscriber) => {
      const gone = new ReplaySubject<void>(1);
      arrivals.next(ticketOf(work, subscriber, gone));
      return () => gone.next();
    });
}

/**
 * What waits in the line for `work`: once admitted, `work` until its subscriber is `gone` (at
 * once if it already is: the notice is replayed), its notifications passed to the subscriber;
 * it ends, freeing its place, with `work` or the subscriber, and never fails.
 */
function ticketOf<T>(work: Observable<T>, subscriber: Subscriber<T>, gone: Observable<void>): Observable<never> {
  return work.pipe(
    takeUntil(gone),
    tap(subscriber),
    ignoreElements(),
    catchError(() => EMPTY),
  );
}
