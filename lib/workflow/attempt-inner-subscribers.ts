import type { Event } from '../events/event.js';
import { MethodSubscriber } from '../operators/method-subscriber.js';
import type { NodeRunItem } from './node-run-item.js';

/** What a function attempt does with what its inner work (the output event's commit, or the general path) sends. */
export interface AttemptInner {
  /** A committed event of the attempt. */
  event(event: Event): void;
  /** An item of the general path. */
  item(item: NodeRunItem): void;
  /** The inner work failed. */
  fail(error: unknown): void;
  /** The output event is committed. */
  committed(): void;
  /** The general path completed. */
  complete(): void;
}

/**
 * The output event's commit, observed for a function attempt. A {@link MethodSubscriber}:
 * subscribed with a plain observer, RxJS would wrap it in two more objects per node step. What it
 * calls hands on to the run's subscriber, which catches what its consumer throws.
 *
 * @example
 * ```ts
 * ctx.emit(event).subscribe(new OutputCommit(attempt)); // attempt.event(committed), then attempt.committed()
 * ```
 */
export class OutputCommit extends MethodSubscriber<Event> {
  constructor(private readonly attempt: AttemptInner) {
    super();
  }

  protected onNext(value: Event): void {
    this.attempt.event(value);
  }

  protected onError(error: unknown): void {
    this.attempt.fail(error);
  }

  protected onComplete(): void {
    this.attempt.committed();
  }
}

/**
 * The general path's node-run items, observed for a function attempt (a `Subscriber` of its own,
 * as {@link OutputCommit}).
 *
 * @example
 * ```ts
 * collected$.subscribe(new FollowedItems(attempt)); // attempt.item(…) per item, then attempt.complete()
 * ```
 */
export class FollowedItems extends MethodSubscriber<NodeRunItem> {
  constructor(private readonly attempt: AttemptInner) {
    super();
  }

  protected onNext(value: NodeRunItem): void {
    this.attempt.item(value);
  }

  protected onError(error: unknown): void {
    this.attempt.fail(error);
  }

  protected onComplete(): void {
    this.attempt.complete();
  }
}
