import { EMPTY, Observable, type OperatorFunction, type Subscriber, type TeardownLogic, type Unsubscribable } from 'rxjs';
import { MethodSubscriber } from './method-subscriber.js';

/**
 * `mergeMap` (no concurrency limit) for projections that are Observables, lighter per value: the
 * source's subscriber and each projection's are one object each, their methods on the prototype
 * (`mergeMap` makes an operator subscriber with its closures per projection, and converts each
 * projection with `innerFrom`), a projection that completes synchronously is kept nowhere, one that
 * runs on is kept in a linked list torn down with the result (not in the result's subscription's
 * finalizer array), `EMPTY` is not subscribed at all, and a {@link leanMergeEach}'s
 * Observables are subscribed as projections of their own (no merge inside the merge). The same values, order, errors and teardown as
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
  /** The projections still running, torn down with the result after the source (not when the source completes). */
  readonly running = new RunningProjections();

  constructor(
    readonly downstream: Subscriber<R>,
    private readonly project: (value: T, index: number) => Observable<R>,
  ) {
    super();
    downstream.add(this);
    downstream.add(this.running);
  }

  protected onNext(value: T): void {
    let projected: Observable<R>;
    try {
      projected = this.project(value, this.index++);
    } catch (error) {
      this.downstream.error(error);
      return;
    }
    if (projected instanceof MergeEach) this.subscribeEach(projected as MergeEach<unknown, R>);
    else this.subscribeProjection(projected);
  }

  /** Subscribes one projection (`EMPTY`, which ends at once with nothing, is not: a step that starts no run). */
  private subscribeProjection(projected: Observable<R>): void {
    if (projected === EMPTY) return;
    this.active++;
    const inner = new MergeProjection(this);
    projected.subscribe(inner);
    // a projection that completed (or failed) while it was subscribed is closed: nothing to keep
    if (inner.closed) return;
    // the result was unsubscribed while the projection was subscribed (a `take` below it): so is it
    if (this.running.closed) inner.unsubscribe();
    else this.running.add(inner);
  }

  /**
   * Subscribes each of a {@link leanMergeEach}'s Observables as a projection, made in turn, as
   * its own subscription would (made only while the result runs; a throw of its `project` is the
   * result's error). Counted as one projection meanwhile, so that the result does not complete
   * between two of them.
   */
  subscribeEach(each: MergeEach<unknown, R>): void {
    const { items, project } = each;
    this.active++;
    // the result's closing stops it (its error or unsubscription), not the source's completion meanwhile
    for (let i = 0; i < items.length && !this.downstream.closed; i++) {
      let projected: Observable<R>;
      try {
        projected = project(items[i], i);
      } catch (error) {
        this.downstream.error(error);
        return;
      }
      this.subscribeProjection(projected);
    }
    this.projectionComplete();
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

/**
 * The merge of `project(item, index)` for each of `items`, each made as its turn comes: what
 * `from(items).pipe(leanMergeMap(project))` emits, and when. Returned by a {@link leanMergeMap}
 * projection, its Observables are that merge's own projections: each of their values passes one
 * subscriber, not two (a workflow step that starts 100 runs).
 *
 * ```
 * items:    [a, b]
 * project:  a → --x--y|, b → z|
 * result:   z-x--y|
 * ```
 *
 * @example
 * ```ts
 * steps$.pipe(leanMergeMap((step) => leanMergeEach(step.runs, (run) => execute(run)))).subscribe(render);
 * ```
 */
export function leanMergeEach<T, R>(items: readonly T[], project: (item: T, index: number) => Observable<R>): Observable<R> {
  return new MergeEach(items, project);
}

/** {@link leanMergeEach}'s Observable: its items and projection, read by a `leanMergeMap` around it. */
class MergeEach<T, R> extends Observable<R> {
  constructor(
    readonly items: readonly T[],
    readonly project: (item: T, index: number) => Observable<R>,
  ) {
    super();
  }

  /** Subscribed on its own: a merge whose source gives the items (as `from(items)`), then completes. */
  protected _subscribe(subscriber: Subscriber<R>): TeardownLogic {
    const merge = new MergeSource<T, R>(subscriber, this.project);
    for (let i = 0; i < this.items.length && !merge.closed; i++) merge.next(this.items[i]!);
    merge.complete();
  }
}

/**
 * The running projections of one result, oldest first: a doubly linked list through the
 * projections themselves, so that one ending leaves it in O(1) with no array. They are not added
 * to the result's subscription one by one: rxjs's `Subscription.add` and `remove` push to and
 * search an array of the result's finalizers and link the result into each projection as a
 * parent, on every projection that outlives its subscribe call (each step of a workflow whose
 * nodes wait on a Promise). Unsubscribing the list (with the result) tears them down oldest
 * first, as the result's finalizers would.
 */
/** A projection's place in {@link RunningProjections}. */
interface RunningLink extends Unsubscribable {
  older: RunningLink | undefined;
  newer: RunningLink | undefined;
}

class RunningProjections implements Unsubscribable {
  closed = false;
  private oldest: RunningLink | undefined;
  private newest: RunningLink | undefined;

  add(projection: RunningLink): void {
    const newest = this.newest;
    projection.older = newest;
    if (newest === undefined) this.oldest = projection;
    else newest.newer = projection;
    this.newest = projection;
  }

  /** `projection` ended: out of the list (its neighbours joined). A projection not in it is left as it is. */
  remove(projection: RunningLink): void {
    const { older, newer } = projection;
    if (older === undefined && newer === undefined && this.oldest !== projection) return;
    if (older === undefined) this.oldest = newer;
    else older.newer = newer;
    if (newer === undefined) this.newest = older;
    else newer.older = older;
    projection.older = projection.newer = undefined;
  }

  unsubscribe(): void {
    if (this.closed) return;
    this.closed = true;
    let projection = this.oldest;
    this.oldest = this.newest = undefined;
    while (projection !== undefined) {
      const next = projection.newer;
      projection.older = projection.newer = undefined;
      projection.unsubscribe();
      projection = next;
    }
  }
}

/** One projection's subscriber: its values and its error pass on; its completion is counted. */
class MergeProjection<T, R> extends MethodSubscriber<R> implements RunningLink {
  /** Its neighbours in {@link RunningProjections} while it runs after its subscribe call. */
  older: RunningLink | undefined;
  newer: RunningLink | undefined;

  constructor(private readonly source: MergeSource<T, R>) {
    super();
  }

  protected onNext(value: R): void {
    this.source.downstream.next(value);
  }

  protected onError(error: unknown): void {
    this.source.running.remove(this);
    this.source.downstream.error(error);
  }

  protected onComplete(): void {
    this.source.running.remove(this);
    this.source.projectionComplete();
  }
}
