import { concat, defer, ignoreElements, Observable, of, type OperatorFunction } from 'rxjs';

/** Marks, in a stream, where what the caller waits for ends and the off-path tail begins. */
export const TURN_END: unique symbol = Symbol('rxadk.turnEnd');
/** The type of {@link TURN_END}. */
export type TurnEnd = typeof TURN_END;

/**
 * Appends work the caller does not wait for: the source's values, then {@link TURN_END}, then
 * `tail()` (subscribed only after the source completed; its values are dropped). Nothing follows
 * a source error. Pair it with {@link completeAtTurnEnd} at the caller's end of the pipeline.
 *
 * @example
 * ```ts
 * turn$.pipe(followedOffPath(() => compaction$));
 * ```
 */
export function followedOffPath<T>(tail: () => Observable<unknown>): OperatorFunction<T, T | TurnEnd> {
  return (source) => concat(source, of(TURN_END), defer(tail).pipe(ignoreElements()));
}

/**
 * The caller's side of {@link followedOffPath}: forwards the values before {@link TURN_END} and
 * completes there, while the source goes on, unobserved, to its own end — so whatever the source
 * holds (a session's queue slot, its lock) stays held until the tail is done. Unsubscribing before
 * `TURN_END` unsubscribes the source (no tail); after it, the tail is no longer the caller's. A
 * source without the marker passes through unchanged. The tail reports its own failures: what it
 * emits or throws after `TURN_END` is dropped.
 *
 * ```
 * source:  --a--b--T--(tail)--|
 * result:  --a--b--|
 * ```
 *
 * @example
 * ```ts
 * sessionQueue.run(key, turn$.pipe(followedOffPath(() => compaction$))).pipe(completeAtTurnEnd());
 * ```
 */
export function completeAtTurnEnd<T>(): OperatorFunction<T | TurnEnd, T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let detached = false;
      const subscription = source.subscribe({
        next: (value) => {
          if (value !== TURN_END) return subscriber.next(value as T);
          detached = true;
          subscriber.complete();
        },
        error: (error) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      return () => {
        if (!detached) subscription.unsubscribe();
      };
    });
}
