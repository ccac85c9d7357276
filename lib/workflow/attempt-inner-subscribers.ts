import { Subscriber } from 'rxjs';
import type { Event } from '../events/event.js';
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
 * The output event's commit, observed for a function attempt. A `Subscriber` of its own, its
 * methods on the prototype: subscribed with a plain observer, RxJS would wrap it in two more
 * objects per node step. What it calls hands on to the run's subscriber, which catches what its
 * consumer throws; it unsubscribes after its error or completion, as RxJS's subscribers do.
 *
 * @example
 * ```ts
 * ctx.emit(event).subscribe(new OutputCommit(attempt)); // attempt.event(committed), then attempt.committed()
 * ```
 */
export class OutputCommit extends Subscriber<Event> {
  constructor(private readonly attempt: AttemptInner) {
    super();
  }

  protected override _next(event: Event): void {
    this.attempt.event(event);
  }

  protected override _error(error: unknown): void {
    try {
      this.attempt.fail(error);
    } finally {
      this.unsubscribe();
    }
  }

  protected override _complete(): void {
    try {
      this.attempt.committed();
    } finally {
      this.unsubscribe();
    }
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
export class FollowedItems extends Subscriber<NodeRunItem> {
  constructor(private readonly attempt: AttemptInner) {
    super();
  }

  protected override _next(item: NodeRunItem): void {
    this.attempt.item(item);
  }

  protected override _error(error: unknown): void {
    try {
      this.attempt.fail(error);
    } finally {
      this.unsubscribe();
    }
  }

  protected override _complete(): void {
    try {
      this.attempt.complete();
    } finally {
      this.unsubscribe();
    }
  }
}
