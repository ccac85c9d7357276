import { Observable, Subject, type Subscriber, type Unsubscribable, throwError } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { untilComplete } from '../operators/until-complete.js';
import { LazyAbortController } from '../utils/lazy-abort-controller.js';
import { collectNodeRun } from './collect-node-run.js';
import { type CollectedNodeItems, foldNodeItem, NO_NODE_ITEMS } from './collected-node-items.js';
import { type AttemptInner, FollowedItems, OutputCommit } from './attempt-inner-subscribers.js';
import { afterNodeHook, endNodeAttempt, finishedAttempt } from './end-node-attempt.js';
import { functionResultYields, isPlainFunctionResult, isPromiseResult } from './function-node.js';
import { isEvent } from './is-event.js';
import type { NodeContext, NodeFunction } from './node-context.js';
import { endRun, type NodeEventItem, type NodeRunEnd } from './node-run-end.js';
import type { NodeRunItem } from './node-run-item.js';
import type { NodeRunSpec } from './node-run-spec.js';
import { outputYield, type NodeYield, type NodeYieldSink } from './node-yield.js';
import { RequestInput } from './request-input.js';
import { validateNodeValue } from './validate-node-value.js';
import type { NodeRunResult } from './schedule.js';

/** What a function node's attempt needs from the engine around it. */
export interface FunctionAttemptEngine {
  /** The attempt's context: its dynamic children send their items to `children`; its signal is `abort`'s (read only when asked for). */
  context(invocation: InvocationContext, spec: NodeRunSpec, attempt: number, abort: Pick<LazyAbortController, 'signal'>, children: NodeYieldSink): NodeContext;
  /** What follows a failed attempt: its error event, then the next attempt or the run's failure (ended by `end`). */
  recover<R>(invocation: InvocationContext, spec: NodeRunSpec, error: unknown, attempt: number, end: NodeRunEnd<R>): Observable<NodeEventItem | R>;
}

/**
 * One attempt of a function node (without a timeout or a `beforeNodeCallback`) and what follows
 * it, as ONE subscriber from the scheduler to the commit of its output event: the attempt's
 * context and abort signal, the function's call (its input checked first), the fold of its
 * value and of its dynamic children's items, the output event's commit, the run's end (handed to
 * `end`), its error handling (`engine.recover`: the error event, the retry or the failure) and
 * its abort on teardown. With `outputAsIs`, what `fn` returns is the output as it is, whatever it
 * looks like (a `JoinNode`'s input: an object whose keys are its predecessors' names). A Promise is waited on directly, with no Observable around it. An
 * Observable, an input request or an event (returned, or a Promise's value), or a plugin after
 * the node, goes on through the general path ({@link collectNodeRun}, {@link endNodeAttempt}),
 * with the same items in the same order.
 *
 * The attempt's signal fires when it is unsubscribed before it completed, and after an error
 * (once the recovery is subscribed), as `abortOnTeardown` does; it is unlinked on every teardown.
 *
 * Why one object with its phases as methods (start → the Promise settles → finish → committed,
 * or fail), and not a composition of operators: that composition (`defer`, `from(promise)`,
 * `untilComplete`, `collectNodeRun`, `mapThenEmit`, `onErrorContinue`, `abortOnTeardown`) is
 * what a node step was until the fifth round of issue 24, nine subscriptions and 11 KB per
 * step; each layer is a subscriber, its closures and its teardown, and a node step is the
 * workflow engine's unit of work. The general path ({@link collectNodeRun}, {@link endNodeAttempt})
 * keeps the composition for everything else, and these phases are its fast lane, item for item.
 * The commit and the general path are observed through {@link OutputCommit} and
 * {@link FollowedItems}.
 *
 * ```
 * fn returns 42:              (o|)     o = output event; end.ended({output: 42}) before |
 * fn returns Promise(42):     -(o|)    one microtask later
 * fn throws e:                recover(e): (x …)  x = error event
 * ```
 *
 * @example
 * ```ts
 * functionAttempt(invocation, spec, (_ctx, n: number) => n + 1, 1, EMIT_DONE, engine); // (o d|)
 * functionAttempt(invocation, joinSpec, (_ctx, input) => input, 1, EMIT_DONE, engine, true); // a join: its input is its output
 * ```
 */
export function functionAttempt<R>(
  invocation: InvocationContext,
  spec: NodeRunSpec,
  fn: NodeFunction,
  attempt: number,
  end: NodeRunEnd<R>,
  engine: FunctionAttemptEngine,
  outputAsIs = false,
): Observable<NodeEventItem | R> {
  return new FunctionAttemptObservable(invocation, spec, fn, attempt, end, engine, outputAsIs);
}

/**
 * {@link functionAttempt}'s Observable: its arguments as fields and rxjs's `_subscribe` hook on
 * the prototype (as rxjs's own `Subject` does), not a subscribe closure and its context, made
 * on every node step. Each subscription is a {@link FunctionAttempt} of its own.
 */
class FunctionAttemptObservable<R> extends Observable<NodeEventItem | R> {
  constructor(
    readonly invocation: InvocationContext,
    readonly spec: NodeRunSpec,
    readonly fn: NodeFunction,
    readonly attempt: number,
    readonly end: NodeRunEnd<R>,
    readonly engine: FunctionAttemptEngine,
    /** What `fn` returns is the node's output as it is (a join's input), never a Promise, an Observable, an event or an input request. */
    readonly outputAsIs: boolean,
  ) {
    super();
  }

  /** Called by `subscribe` (through rxjs's `_trySubscribe`, which sends a throw to `subscriber.error`). */
  protected _subscribe(subscriber: Subscriber<NodeEventItem | R>): Unsubscribable {
    return new FunctionAttempt(this, subscriber).start();
  }
}

/** Where the attempt's dynamic children's items go: folded (while the function runs or its Promise waits), a general path's merge, or nowhere. */
const FOLD = 'fold';

/** One subscription of {@link functionAttempt}: the attempt's state, its methods on the prototype. */
class FunctionAttempt<R> implements NodeYieldSink, AttemptInner, Unsubscribable {
  /** The attempt's abort controller, made when its signal is first read (most attempts never read it). */
  private abort: LazyAbortController | undefined;
  /** How the attempt's signal ended before anyone read it: what a controller made later starts with. */
  private signalEnd: 'aborted' | 'disposed' | undefined;
  private ctx: NodeContext | undefined;
  private collected: CollectedNodeItems = NO_NODE_ITEMS;
  private children: typeof FOLD | Subject<NodeYield> | undefined;
  /** The output event's commit, or the general path, while it runs. */
  private inner: Unsubscribable | undefined;
  private completed = false;
  /** The result the attempt ends with once its output event is committed. */
  private result: NodeRunResult | undefined;

  constructor(
    /** What the attempt runs (its invocation, spec, function, number, end and engine): the Observable's fields, not copied. */
    private readonly run: FunctionAttemptObservable<R>,
    private readonly subscriber: Subscriber<NodeEventItem | R>,
  ) {}

  /**
   * The attempt's signal (its context's): the controller is made at the first read, linked to the
   * invocation's signal, and aborted and unlinked if the attempt already ended so, as a
   * controller made with the attempt would be.
   */
  get signal(): AbortSignal {
    let abort = this.abort;
    if (abort === undefined) {
      abort = this.abort = new LazyAbortController(this.run.invocation);
      if (this.signalEnd === 'aborted') abort.abort();
      if (this.signalEnd !== undefined) abort.dispose();
    }
    return abort.signal;
  }

  /** Runs the attempt as far as it goes synchronously; the attempt is its own teardown. */
  start(): this {
    const { node } = this.run.spec;
    const ctx = (this.ctx = this.run.engine.context(this.run.invocation, this.run.spec, this.run.attempt, this, this));
    let result: unknown;
    try {
      const input = validateNodeValue(node.name, 'input', node.options.inputSchema, this.run.spec.input);
      // the children the function starts (and subscribes) while it runs are the attempt's
      this.children = FOLD;
      // called as a plain function (no `this`), as a user's node function expects
      const fn = this.run.fn;
      result = fn(ctx, input);
    } catch (error) {
      this.fail(error);
      return this;
    }
    const asIs = this.run.outputAsIs;
    if (!asIs && isPromiseResult(result)) {
      // the children stay the attempt's until the Promise settles, as they were merged until `from(promise)` completed
      result.then(
        (value) => this.resolved(value),
        (error: unknown) => this.rejected(error),
      );
      return this;
    }
    this.children = undefined;
    if (asIs || isPlainFunctionResult(result)) this.finish(result === undefined && !asIs ? this.collected : foldNodeItem(this.run.spec.path, this.collected, outputYield(result)));
    else this.followYields(functionResultYields(ctx, result));
    return this;
  }

  /** An item of a dynamic child of the attempt: folded (its events passed on) while the function runs. */
  next(item: NodeYield): void {
    const children = this.children;
    if (children === FOLD) {
      this.collected = foldNodeItem(this.run.spec.path, this.collected, item);
      if (item.kind === 'event') this.subscriber.next(item);
    } else children?.next(item);
  }

  /** The teardown: stops the attempt's work; aborts its signal unless it completed; unlinks the signal. */
  unsubscribe(): void {
    this.children = undefined;
    this.inner?.unsubscribe();
    this.endSignal(!this.completed);
  }

  /** A committed event of the attempt, passed on. */
  event(event: Event): void {
    this.subscriber.next({ kind: 'event', event });
  }

  /** A node-run item of the general path: events pass on, the `done` goes to the end. */
  item(item: NodeRunItem): void {
    if (item.kind === 'event') this.subscriber.next(item);
    else endRun(this.run.end, item.result, this.subscriber);
  }

  /** The attempt's output event is committed: the run ends with `result`. */
  committed(): void {
    this.completed = true;
    if (endRun(this.run.end, this.result!, this.subscriber)) this.subscriber.complete();
  }

  /** The general path completed (its `done` already passed). */
  complete(): void {
    this.completed = true;
    this.subscriber.complete();
  }

  /** The attempt failed: the recovery gets the run's subscriber (its teardown and its end are the run's); then the attempt's signal fires. */
  fail(error: unknown): void {
    this.children = undefined;
    recovery(this.run.engine, this.run.invocation, this.run.spec, error, this.run.attempt, this.run.end).subscribe(this.subscriber);
    this.endSignal(true);
  }

  /** Aborts the attempt's signal (when `abort`), then unlinks it: on its controller, or remembered for one made later. */
  private endSignal(abort: boolean): void {
    const controller = this.abort;
    if (controller !== undefined) {
      if (abort) controller.abort();
      controller.dispose();
    } else if (abort) this.signalEnd = 'aborted';
    else this.signalEnd ??= 'disposed';
  }

  private resolved(value: unknown): void {
    if (this.children !== FOLD) return; // unsubscribed meanwhile
    this.children = undefined;
    if (value instanceof RequestInput || isEvent(value)) this.followYields(functionResultYields(this.ctx!, value));
    else this.finish(value === undefined ? this.collected : foldNodeItem(this.run.spec.path, this.collected, outputYield(value)));
  }

  private rejected(error: unknown): void {
    if (this.children !== FOLD) return; // unsubscribed meanwhile
    this.children = undefined;
    this.fail(error);
  }

  /** The attempt's end once everything is folded: the output event committed, or none needed. */
  private finish(collected: CollectedNodeItems): void {
    const ctx = this.ctx!;
    let event: Event;
    try {
      if (afterNodeHook(ctx, collected)) {
        this.follow(endNodeAttempt(ctx, this.info(), collected));
        return;
      }
      const finished = finishedAttempt(ctx, collected);
      if (finished.event === undefined) {
        this.completed = true;
        if (endRun(this.run.end, finished.result, this.subscriber)) this.subscriber.complete();
        return;
      }
      this.result = finished.result;
      event = ctx.stamp(finished.event);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.commit(event);
  }

  /**
   * `ctx.emit(event)` observed by an {@link OutputCommit}, without the Observable: the commit
   * barrier's `emitTo`, a throw of it going to the commit's `error` as the Observable's subscribe
   * would send it (dropped once the commit has ended).
   */
  private commit(event: Event): void {
    const commit = new OutputCommit(this);
    try {
      this.inner = this.ctx!.invocation.emitTo(event, commit);
    } catch (error) {
      commit.error(error);
    }
  }

  /** The general path for what is not a plain value: the node items, the children merged until they complete, then collected. */
  private followYields(yields: Observable<NodeYield>): void {
    const children = new Subject<NodeYield>();
    this.children = children;
    this.follow(untilComplete(yields, children).pipe(collectNodeRun(this.ctx!, this.info(), this.collected)));
  }

  private follow(items: Observable<NodeRunItem>): void {
    this.inner = items.subscribe(new FollowedItems(this));
  }

  private info() {
    return { name: this.run.spec.node.name, path: this.run.spec.path, attempt: this.run.attempt };
  }
}

/** `engine.recover(…)`, or its throw as an error. */
function recovery<R>(engine: FunctionAttemptEngine, invocation: InvocationContext, spec: NodeRunSpec, error: unknown, attempt: number, end: NodeRunEnd<R>): Observable<NodeEventItem | R> {
  try {
    return engine.recover(invocation, spec, error, attempt, end);
  } catch (thrown) {
    return throwError(() => thrown);
  }
}
