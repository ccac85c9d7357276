import { type ObservableInput, type Observer, type OperatorFunction, from, Observable, type Subscription } from 'rxjs';

/**
 * What {@link concatMapOrForward} calls around each value, besides `forward` and `project`.
 */
export interface ForwardHooks<T, U> {
  /**
   * What the value becomes when its turn comes (once nothing before it is queued or running),
   * before `forward` and `project` see it: work that must wait for the values before it (an event
   * made only then, with its id and time), done once for both lanes. A throw errors the result
   * there, after everything before the value.
   */
  atTurn: (value: T) => U;
  /** Called once per value when it is done with: after its forwarded result was emitted, or when its projection completed. */
  settled?: () => void;
  /** Called once per value as it arrives, before anything is done with it. */
  arrived?: (value: T) => void;
}

/**
 * `concatMap` with a synchronous lane: each value is first offered to `forward`; if it returns a
 * result (anything but `undefined`) and nothing is queued or running, that result is emitted at
 * once, with no inner subscription and no queue entry. Otherwise the value waits its turn and is
 * then forwarded the same way or, when `forward` declines it, projected with `project` and
 * concatenated, exactly as `concatMap` would. Order is always arrival order. `settled` is called
 * once per value when it is done with: after its forwarded result was emitted, or when its
 * projection completed; `arrived` once per value as it arrives, before anything is done with it
 * (what a `tap` before the operator would do, without a subscriber of its own).
 *
 * With {@link ForwardHooks} instead of `settled`, `atTurn` turns each value into what `forward`
 * and `project` receive when its turn comes: what it computed goes to either lane, made once.
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
 * items$.pipe(concatMapOrForward(
 *   (event) => (event.partial ? event : undefined),
 *   (event) => store.appendEvent(session, event),
 *   { atTurn: (item) => toEvent(item) },                 // the event is made once, when its turn comes
 * ));
 * ```
 */
export function concatMapOrForward<T, R>(
  forward: (value: T) => R | undefined,
  project: (value: T) => ObservableInput<R>,
  settled?: () => void,
  arrived?: (value: T) => void,
): OperatorFunction<T, R>;
/**
 * {@link concatMapOrForward} with {@link ForwardHooks}: each value is turned by `atTurn` when its
 * turn comes, and `forward` and `project` receive what it made.
 *
 * @example
 * ```ts
 * items$.pipe(concatMapOrForward((event) => (event.partial ? event : undefined), (event) => store.appendEvent(session, event), { atTurn: toEvent }));
 * ```
 */
export function concatMapOrForward<T, R, U>(forward: (value: U) => R | undefined, project: (value: U) => ObservableInput<R>, hooks: ForwardHooks<T, U>): OperatorFunction<T, R>;
/**
 * The implementation of both forms: the third argument is `settled` or the hooks.
 *
 * @example
 * ```ts
 * source$.pipe(concatMapOrForward((value: string) => value.toUpperCase(), (value) => of(value)));
 * ```
 */
export function concatMapOrForward<T, R, U>(
  forward: (value: U) => R | undefined,
  project: (value: U) => ObservableInput<R>,
  settledOrHooks?: (() => void) | ForwardHooks<T, U>,
  arrivedArgument?: (value: T) => void,
): OperatorFunction<T, R> {
  const hooks = typeof settledOrHooks === 'object' ? settledOrHooks : undefined;
  const settled: () => void = (typeof settledOrHooks === 'function' ? settledOrHooks : hooks?.settled) ?? doNothing;
  const arrived = hooks ? hooks.arrived : arrivedArgument;
  const atTurn = hooks?.atTurn;
  return (source) =>
    new Observable<R>((subscriber) => {
      const queue: T[] = [];
      let busy = false; // a projection is running (or being subscribed to)
      let running: Subscription | undefined;
      let sourceDone = false;

      /** One value's turn: forwarded or projected; false when it ended the result. */
      const take = (value: T): boolean => {
        let forwarded: R | undefined;
        try {
          const turned = atTurn ? atTurn(value) : (value as unknown as U);
          forwarded = forward(turned);
          if (forwarded === undefined) subscribeProjection(turned);
        } catch (error) {
          subscriber.error(error);
          return false;
        }
        if (forwarded !== undefined) {
          subscriber.next(forwarded);
          settled();
        }
        return true;
      };

      const drain = (): void => {
        while (!busy && queue.length > 0 && !subscriber.closed) {
          if (!take(queue.shift() as T)) return;
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

      const subscribeProjection = (value: U): void => {
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
          if (busy || queue.length > 0) queue.push(value);
          // nothing queued or running: the value's turn is now, with no queue entry (what arrived
          // during it, while a synchronous projection ran, follows)
          else if (take(value) && queue.length > 0) drain();
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

function doNothing(): void {
  return undefined;
}
