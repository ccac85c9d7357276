import { from, Observable, type ObservableInput, type OperatorFunction, Subscription } from 'rxjs';

/**
 * `mergeMap` with a synchronous lane: each value is first offered to `forward`; if it returns a
 * result (anything but `undefined`), that result is emitted at once, with no inner subscription.
 * Otherwise the value is projected with `project` and the projection merged in, as `mergeMap`
 * would (it runs beside what comes next). Completes once the source and every projection have
 * completed; an error from either ends it and unsubscribes the rest.
 *
 * Use it where most values pass as they are (a live conversation's events) and a few start
 * something that runs beside them (the tool calls of a committed function call event): in place
 * of `share()` and one `filter` per branch, it costs one function call per passing value.
 *
 * ```
 * source:    a─b─C────d─|       forward: lower-case letters pass as upper-case; 'C' declines
 * project:       C → ──x──y|
 * result:    A─B───x──D─y|
 * ```
 *
 * @example
 * ```ts
 * steps$.pipe(forwardOrMergeMap(
 *   (step) => ('event' in step ? step.event : undefined),   // no subscription per event
 *   (step) => runTools(step.calls),                          // tools run beside later events
 * ));
 * ```
 */
export function forwardOrMergeMap<T, R>(forward: (value: T) => R | undefined, project: (value: T) => ObservableInput<R>): OperatorFunction<T, R> {
  return (source) =>
    new Observable<R>((subscriber) => {
      const inners = new Subscription();
      let active = 0;
      let sourceDone = false;
      const completeIfDone = (): void => {
        if (sourceDone && active === 0) subscriber.complete();
      };
      const subscribeProjection = (value: T): void => {
        active++;
        let inner: Subscription | undefined; // unset while a synchronous projection runs
        let running = true;
        inner = from(project(value)).subscribe({
          next: (result) => subscriber.next(result),
          error: (error: unknown) => subscriber.error(error),
          complete: () => {
            running = false;
            active--;
            if (inner) inners.remove(inner);
            completeIfDone();
          },
        });
        if (running) inners.add(inner);
      };
      subscriber.add(inners);
      subscriber.add(
        source.subscribe({
          next: (value) => {
            let forwarded: R | undefined;
            try {
              forwarded = forward(value);
              if (forwarded === undefined) subscribeProjection(value);
            } catch (error) {
              subscriber.error(error);
              return;
            }
            if (forwarded !== undefined) subscriber.next(forwarded);
          },
          error: (error: unknown) => subscriber.error(error),
          complete: () => {
            sourceDone = true;
            completeIfDone();
          },
        }),
      );
    });
}
