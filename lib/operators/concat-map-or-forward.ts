import { type ObservableInput, type OperatorFunction, from, Observable, type Subscriber, type Subscription } from 'rxjs';
import { MethodSubscriber } from './method-subscriber.js';

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
  const lanes: Lanes<T, R, U> = {
    forward,
    project,
    settled: (typeof settledOrHooks === 'function' ? settledOrHooks : hooks?.settled) ?? doNothing,
    arrived: hooks ? hooks.arrived : arrivedArgument,
    atTurn: hooks?.atTurn,
  };
  return (source) =>
    new Observable<R>((subscriber) => {
      const outer = new ForwardOrConcatSubscriber(subscriber, lanes);
      source.subscribe(outer);
      return () => {
        outer.unsubscribe();
        outer.running?.unsubscribe();
      };
    });
}

/** What {@link concatMapOrForward} was given, made once per operator. */
interface Lanes<T, R, U> {
  readonly forward: (value: U) => R | undefined;
  readonly project: (value: U) => ObservableInput<R>;
  readonly settled: () => void;
  readonly arrived: ((value: T) => void) | undefined;
  readonly atTurn: ((value: T) => U) | undefined;
}

/**
 * The source's subscriber, with the queue and the running projection: one object whose methods
 * are on its prototype, not an observer literal over closures (every event of an agent turn and
 * every node step of a workflow is committed through it: a `SafeSubscriber`, its observer wrapper
 * and a closure call less per value).
 */
class ForwardOrConcatSubscriber<T, R, U> extends MethodSubscriber<T> {
  private readonly queue: T[] = [];
  /** A projection is running (or being subscribed to). */
  private busy = false;
  /** A projection is being subscribed to: its synchronous completion leaves the draining to drain's loop. */
  private subscribing = false;
  private sourceDone = false;
  running: Subscription | undefined;

  constructor(
    private readonly out: Subscriber<R>,
    private readonly lanes: Lanes<T, R, U>,
  ) {
    super();
  }

  protected onNext(value: T): void {
    const arrived = this.lanes.arrived;
    if (arrived) {
      try {
        arrived(value);
      } catch (error) {
        this.out.error(error);
        return;
      }
    }
    if (this.busy || this.queue.length > 0) this.queue.push(value);
    // nothing queued or running: the value's turn is now, with no queue entry (what arrived
    // during it, while a synchronous projection ran, follows)
    else if (this.take(value) && this.queue.length > 0) this.drain();
  }

  protected onError(error: unknown): void {
    this.out.error(error);
  }

  protected onComplete(): void {
    this.sourceDone = true;
    this.drain();
  }

  /** One value's turn: forwarded or projected; false when it ended the result. */
  private take(value: T): boolean {
    const lanes = this.lanes;
    let forwarded: R | undefined;
    try {
      const turned = lanes.atTurn ? lanes.atTurn(value) : (value as unknown as U);
      forwarded = lanes.forward(turned);
      if (forwarded === undefined) this.subscribeProjection(turned);
    } catch (error) {
      this.out.error(error);
      return false;
    }
    if (forwarded !== undefined) {
      this.out.next(forwarded);
      lanes.settled();
    }
    return true;
  }

  private drain(): void {
    const queue = this.queue;
    while (!this.busy && queue.length > 0 && !this.out.closed) {
      if (!this.take(queue.shift() as T)) return;
    }
    if (this.sourceDone && !this.busy && queue.length === 0) this.out.complete();
  }

  private subscribeProjection(value: U): void {
    this.busy = true;
    this.subscribing = true;
    const inner = from(this.lanes.project(value)).subscribe(new ProjectionSubscriber(this.out, this));
    this.subscribing = false;
    if (this.busy) this.running = inner;
  }

  /** Called by the running projection's subscriber when it completes. */
  projectionCompleted(): void {
    this.busy = false;
    this.running = undefined;
    this.lanes.settled();
    if (!this.subscribing) this.drain();
  }
}

/**
 * A projection's subscriber: its values and error straight to the result's subscriber, its
 * completion to the operator (the next value's turn). A `Subscriber`, not an observer literal that
 * RxJS wraps in a `SafeSubscriber` and an observer wrapper: one object per projection instead of
 * two, and two calls less per value (a Runner's turn is one projection of its session).
 */
class ProjectionSubscriber<R> extends MethodSubscriber<R> {
  constructor(
    private readonly out: Subscriber<R>,
    private readonly operator: { projectionCompleted(): void },
  ) {
    super();
  }

  protected onNext(result: R): void {
    this.out.next(result);
  }

  protected onError(error: unknown): void {
    this.out.error(error);
  }

  protected onComplete(): void {
    this.operator.projectionCompleted();
  }
}

function doNothing(): void {
  return undefined;
}
