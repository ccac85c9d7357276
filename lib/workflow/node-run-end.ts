import { Observable, type Observer, type Subscriber } from 'rxjs';
import type { NodeRunItem } from './node-run-item.js';
import type { NodeRunResult } from './schedule.js';

/** A node run's event item (what every node run emits before its end). */
export type NodeEventItem = Extract<NodeRunItem, { kind: 'event' }>;

/**
 * Where a node run's end goes once its events have passed: on, as a `done` item
 * ({@link EMIT_DONE}: a dynamic child's run, a node used as a tool), or straight back to the
 * workflow's scheduler, with no subscriber between the run and the scheduler. `R` is what the
 * run then emits besides its events (`never` when the end leaves by another way).
 *
 * @example
 * ```ts
 * const toScheduler: NodeRunEnd<never> = { ended: (result) => messages.next({ type: 'finished', node: 'a', result }) };
 * ```
 */
export interface NodeRunEnd<R> {
  /** Called once, after the run's last event and before it completes. */
  ended(result: NodeRunResult, subscriber: Subscriber<NodeEventItem | R>): void;
}

/**
 * The end that passes on as a `done` item: a node run as an `Observable<NodeRunItem>`.
 *
 * @example
 * ```ts
 * executeNodeRun(invocation, spec, EMIT_DONE); // events, then { kind: 'done', result }
 * ```
 */
export const EMIT_DONE: NodeRunEnd<NodeRunItem> = {
  ended(result, subscriber) {
    subscriber.next({ kind: 'done', result });
  },
};

/**
 * `source`'s events as they come, its `done` handed to `end` (one subscriber, no Observable per
 * item); `source` itself when `end` is {@link EMIT_DONE}. Errors, completion and teardown pass
 * through; a throw of `end.ended` is the result's error.
 *
 * ```
 * source:  --e1--e2--d|        end: d → feedback
 * result:  --e1--e2---|        (feedback called with d's result between e2 and |)
 * ```
 *
 * @example
 * ```ts
 * endedBy(replayedRun$, { ended: (result) => messages.next({ type: 'finished', node: 'a', result }) });
 * ```
 */
export function endedBy<R>(source: Observable<NodeRunItem>, end: NodeRunEnd<R>): Observable<NodeEventItem | R> {
  if (end === (EMIT_DONE as NodeRunEnd<unknown>)) return source as Observable<NodeEventItem | R>;
  return new Observable<NodeEventItem | R>((subscriber) => source.subscribe(new EndedBy(subscriber, end)));
}

/** The source's observer: one object, its methods on the prototype (no closures per node run). */
class EndedBy<R> implements Observer<NodeRunItem> {
  constructor(
    private readonly subscriber: Subscriber<NodeEventItem | R>,
    private readonly end: NodeRunEnd<R>,
  ) {}

  next(item: NodeRunItem): void {
    if (item.kind === 'event') this.subscriber.next(item);
    else endRun(this.end, item.result, this.subscriber);
  }

  error(error: unknown): void {
    this.subscriber.error(error);
  }

  complete(): void {
    this.subscriber.complete();
  }
}

/**
 * Hands a node run's end to `end`; a throw of `end.ended` is the run's error. True when the run
 * may go on (to its completion).
 *
 * @example
 * ```ts
 * if (endRun(end, result, subscriber)) subscriber.complete();
 * ```
 */
export function endRun<R>(end: NodeRunEnd<R>, result: NodeRunResult, subscriber: Subscriber<NodeEventItem | R>): boolean {
  try {
    end.ended(result, subscriber);
    return true;
  } catch (error) {
    subscriber.error(error);
    return false;
  }
}
