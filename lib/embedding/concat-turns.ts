import { concatMap, defer, type Observable, type OperatorFunction, share, switchMap, takeUntil, window } from 'rxjs';

/**
 * Runs one turn per value, one at a time in arrival order (`concatMap`): a value that arrives while
 * a turn runs waits for it. Each `cancel$` emission unsubscribes the running turn and drops the
 * waiting values; values after it run as usual. Emits what the turns emit; completes when the
 * source has completed and its last turn has. An error of the source, a turn or `cancel$` is
 * passed on.
 *
 * ```
 * source:   -abc------d-|
 * cancel$:  -------x
 * turn(a):   -1-2|
 * turn(b):       -1!  cut by the cancel; c waited: dropped
 * turn(d):            -1-2|
 * result:   --1-2-3----4-5|  1 a1, 2 a2, 3 b1, 4 d1, 5 d2
 * ```
 *
 * Inside, `window(cancel$)` starts a batch of values at each cancel and `switchMap` to the new
 * batch unsubscribes the old one, with its running turn and its waiting values. Once the source
 * has completed there is no new batch: the last one's own `takeUntil` ends it. Both read one
 * shared subscription to `cancel$`, from the subscription to the result until its end.
 *
 * @example
 * ```ts
 * sends$.pipe(concatTurns((message) => runner.runAsync({ userId, sessionId, newMessage: message }), cancelClicks$));
 * ```
 */
export function concatTurns<T, R>(turn: (value: T) => Observable<R>, cancel$: Observable<unknown>): OperatorFunction<T, R> {
  return (source) =>
    defer(() => {
      const cancels = cancel$.pipe(share());
      return source.pipe(
        window(cancels),
        switchMap((batch) => batch.pipe(concatMap((value) => turn(value)), takeUntil(cancels))),
      );
    });
}
