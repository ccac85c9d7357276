import { type ObservableInput, type Observer, type OperatorFunction, from, Observable, type Subscription } from 'rxjs';

/**
 * `concatMap` with a synchronous lane: each value is first offered to `forward`; if it returns a
 * result (anything but `undefined`) and nothing is queued or running, that result is emitted at
 * once, with no inner subscription. Otherwise the value waits its turn and is then forwarded the
 * same way or, when `forward` declines it, projected with `project` and concatenated, exactly as
 * `concatMap` would. Order is always arrival order. `settled` is called once per value when it is
 * done with: after its forwarded result was emitted, or when its projection completed; `arrived`
 * once per value as it arrives, before anything is done with it (what a `tap` before the operator
 * would do, without a subscriber of its own).
 *
 * Use it where most values need no asynchronous step (a streamed chunk that is not stored) and a
 * few do (a final event being stored).
 *
 * ```
 * source:    a─b────c──d─|          forward: lower-case letters pass as upper-case; 'c' declines
 * project:          c → ──x|
 * result:    A─B──────x─D|          'd' waits behind c's projection, then takes the fast lane
 * ```
 *
 * @example
 * ```ts
 * chunks$.pipe(concatMapOrForward(
 *   (event) => (event.partial ? event : undefined),     // no inner subscription per chunk
 *   (event) => store.appendEvent(session, event),        // a final event is stored first
 * ));
 * ```
 */
export function concatMapOrForward<T, R>(
  forward: (value: T) => R | undefined,
  project: (value: T) => ObservableInput<R>,
  settled: () => void = () => undefined,
  arrived?: (value: T) => void,
): OperatorFunction<T, R> {
  return (source) =>
    new Observable<R>((subscriber) => {
      const queue: T[] = [];
      let busy = false; // a projection is running (or being subscribed to)
      let running: Subscription | undefined;
      let sourceDone = false;

      const drain = (): void => {
        while (!busy && queue.length > 0 && !subscriber.closed) {
          const value = queue.shift() as T;
          let forwarded: R | undefined;
          try {
            forwarded = forward(value);
            if (forwarded === undefined) subscribeProjection(value);
          } catch (error) {
            subscriber.error(error);
            return;
          }
          if (forwarded !== undefined) {
            subscriber.next(forwarded);
            settled();
          }
        }
        if (sourceDone && !busy && queue.length === 0) subscriber.complete();
      };

      // one observer for every projection (only one runs at a time): nothing to allocate per value
      let subscribing = false; // a projection is being subscribed to: its synchronous completion leaves the draining to drain's loop
      const projectionObserver: Observer<R> = {
        next: (result) => subscriber.next(result),
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          busy = false;
          running = undefined;
          settled();
          if (!subscribing) drain();
        },
      };

      const subscribeProjection = (value: T): void => {
        busy = true;
        subscribing = true;
        const inner = from(project(value)).subscribe(projectionObserver);
        subscribing = false;
        if (busy) running = inner;
      };

      const outer = source.subscribe({
        next: (value) => {
          if (arrived) {
            try {
              arrived(value);
            } catch (error) {
              subscriber.error(error);
              return;
            }
          }
          queue.push(value);
          drain();
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          sourceDone = true;
          drain();
        },
      });
      return () => {
        outer.unsubscribe();
        running?.unsubscribe();
      };
    });
}
