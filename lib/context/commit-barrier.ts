import { first, ignoreElements, Observable, type Observer, type OperatorFunction, Subject, type Unsubscribable } from 'rxjs';
import type { Event } from '../events/event.js';
import { concatMapOrForward } from '../operators/concat-map-or-forward.js';

/**
 * The "pause until committed" barrier of SPEC §6, shared by `ctx.emit` and the Runner's commit
 * step. It is keyed by **arrival order**, not by event id or object identity, so whatever a parent
 * agent does to its child's events on the way up (map to new objects, filter, take, buffer, delay,
 * merge) can never strand an emitter.
 *
 * The Runner counts every event that reaches its commit step (an *arrival*) and, once one has been
 * stored, presented and handed to the caller, counts it *committed*. `emit(e)` compares the
 * arrival count before and after it delivered `e`:
 *
 * ```
 * emit(e)                          arrivals during the emission   emit completes
 * ─────────────────────────────    ────────────────────────────   ─────────────────────────────────
 * e reaches the Runner             n (e, maybe more)              when committed ≥ n: code chained
 *   (through sync operators)                                      after emit reads the committed session
 * a parent filtered, took,         0                              at once (as a Python child resumes
 *   buffered or delayed e                                         when its parent pulls it into a list)
 * ```
 *
 * What arrives later is committed in arrival order by the Runner's commit step; nothing is lost.
 * A synchronous store commits *during* the emission, so the wait starts already satisfied: no
 * subscription, no scheduler hop.
 *
 * ```
 * agent emits:   a─────────b──────────          (store takes 30 virtual ms)
 * arrivals:      1         2
 * committed:     ───30ms──1────30ms───2
 * emit(a):       a────────|                     emit(b): b─────────|
 * ```
 *
 * Without a Runner (an agent run directly in a test) nothing ever arrives, so `emit` completes at once.
 *
 * @example
 * ```ts
 * const barrier = new CommitBarrier();
 * // the Runner's side:
 * agentEvents$.pipe(barrier.commitInOrder((event) => sessionService.appendEvent(session, event)));
 * // the agent's side (what ctx.emit does):
 * concat(barrier.emit(event), defer(() => next()));
 * ```
 */
export class CommitBarrier {
  private arrivals = 0;
  private committed = 0;
  /** Each new committed count, told only while an emitter waits. */
  private readonly commits = new Subject<number>();

  /**
   * True when every event that reached the Runner is committed: an event emitted now, if the
   * Runner's commit step takes its fast lane for it, is committed before the emission returns
   * (what `emit` would wait for is already done). A read, not an Observable: it changes twice per
   * event, and its reader decides synchronously (see `InvocationContext.commitsSettled`).
   *
   * @example
   * ```ts
   * if (barrier.settled) render(event); // nothing of the Runner's is pending
   * ```
   */
  get settled(): boolean {
    return this.committed >= this.arrivals;
  }

  /**
   * Emits `event`, then completes once what the emission delivered to the Runner is committed
   * (at once if nothing reached the Runner during the emission).
   *
   * @example
   * ```ts
   * concat(barrier.emit(event), defer(() => readCommittedSession()));
   * ```
   */
  emit(event: Event): Observable<Event> {
    return new Observable<Event>((subscriber) => this.emitTo(event, subscriber));
  }

  /**
   * {@link emit} into `observer`, without an Observable of its own: `event` to `observer.next`,
   * then `observer.complete()` once what the emission delivered to the Runner is committed; at
   * once (returning `undefined`) when it already is, else the wait's subscription is returned. For
   * an engine that emits an event per step and observes the commit itself (a workflow's function
   * node); a throw of `observer.next` reaches the caller.
   *
   * @example
   * ```ts
   * const waiting = barrier.emitTo(event, { next: render, error: fail, complete: goOn });
   * ```
   */
  emitTo(event: Event, observer: Observer<Event>): Unsubscribable | undefined {
    const before = this.arrivals;
    observer.next(event);
    const reached = this.arrivals;
    if (reached === before || this.committed >= reached) {
      observer.complete();
      return undefined;
    }
    return this.commits.pipe(first((count) => count >= reached), ignoreElements()).subscribe(observer);
  }

  /**
   * The Runner's side: counts each arriving event, then commits them one at a time, in arrival
   * order, counting each as committed when its commit step completes. An event for which
   * `forward` returns a result is committed by `forward` itself, or needs no commit (a partial
   * event, or one a synchronous store wrote at once, when no plugin watches events): if nothing
   * is queued, that result is handed on at once and counted, with no subscription
   * ({@link concatMapOrForward}).
   *
   * ```
   * source:   a──b──p─────        p: partial, forwarded
   * commit:   [a: 30ms][b: 30ms]
   * result:   ───30─a'──30─b'p
   * ```
   *
   * @example
   * ```ts
   * agent.runAsync(ctx).pipe(barrier.commitInOrder((e) => store.appendEvent(session, e)));
   * ```
   */
  commitInOrder<R>(commit: (event: Event) => Observable<R>, forward: (event: Event) => R | undefined = () => undefined): OperatorFunction<Event, R> {
    // arrivals are counted as they come, in the operator's own subscriber (no `tap` before it)
    return concatMapOrForward(forward, commit, () => this.countCommitted(), () => this.arrivals++);
  }

  private countCommitted(): void {
    this.committed++;
    if (this.commits.observed) this.commits.next(this.committed);
  }
}
