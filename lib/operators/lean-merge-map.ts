import { EMPTY, Observable, type OperatorFunction, type Subscriber } from 'rxjs';
import { MethodSubscriber } from './method-subscriber.js';

/**
 * `mergeMap` (no concurrency limit) for projections that are Observables, lighter per value: the
 * source's subscriber and each projection's are one object each, their methods on the prototype
 * (`mergeMap` makes an operator subscriber with its closures per projection, and converts each
 * projection with `innerFrom`), a projection that completes synchronously is never added to or
 * removed from the result's subscription, and `EMPTY` is not subscribed at all. The same values, order, errors and teardown as
 * `mergeMap`: projections run concurrently, their values pass on as they come, the result
 * completes once the source and every projection have; the first error (the source's, a
 * projection's, or `project`'s throw) ends it and unsubscribes the rest. A workflow's scheduler
 * starts each step's node runs through it.
 *
 * ```
 * source:   -a---b-------|
 * project:  a → --x--y|, b → z|
 * result:   ---x-zy------|
 * ```
 *
 * @example
 * ```ts
 * steps$.pipe(leanMergeMap((step) => runsOf(step))).subscribe(render);
 * ```
 */
export function leanMergeMap<T, R>(project: (value: T, index: number) => Observable<R>): OperatorFunction<T, R> {
  return (source) =>
    new Observable<R>((subscriber) => {
      source.subscribe(new MergeSource(subscriber, project));
    });
}

/** The source's subscriber: projects each value and subscribes its projection. Part of the result's subscription from the start (as an operator's subscriber is). */
class MergeSource<T, R> extends MethodSubscriber<T> {
  /** Projections subscribed and not completed. */
  private active = 0;
  private index = 0;
  private sourceDone = false;

  constructor(
    readonly downstream: Subscriber<R>,
    private readonly project: (value: T, index: number) => Observable<R>,
  ) {
    super();
    downstream.add(this);
  }

  protected onNext(value: T): void {
    let projected: Observable<R>;
    try {
      projected = this.project(value, this.index++);
    } catch (error) {
      this.downstream.error(error);
      return;
    }
    // `EMPTY` ends at once with nothing: no subscriber for it (a step that starts no run)
    if (projected === EMPTY) return;
    this.active++;
    const inner = new MergeProjection(this);
    projected.subscribe(inner);
    // a projection that completed (or failed) while it was subscribed is closed: nothing to add
    if (!inner.closed) this.downstream.add(inner);
  }

  protected onError(error: unknown): void {
    this.downstream.error(error);
  }

  protected onComplete(): void {
    this.sourceDone = true;
    if (this.active === 0) this.downstream.complete();
  }

  /** A projection completed: the result completes once the source has, and no projection runs. */
  projectionComplete(): void {
    if (--this.active === 0 && this.sourceDone) this.downstream.complete();
  }
}

/** One projection's subscriber: its values and its error pass on; its completion is counted. */
class MergeProjection<T, R> extends MethodSubscriber<R> {
  constructor(private readonly source: MergeSource<T, R>) {
    super();
  }

  protected onNext(value: R): void {
    this.source.downstream.next(value);
  }

  protected onError(error: unknown): void {
    this.source.downstream.error(error);
  }

  protected onComplete(): void {
    this.source.projectionComplete();
  }
}
