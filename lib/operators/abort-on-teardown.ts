import { type MonoTypeOperatorFunction, Observable, type Observer, type Subscriber } from 'rxjs';
import type { LazyAbortController } from '../utils/lazy-abort-controller.js';

/** What {@link abortOnTeardown} drives: an `AbortController`, or a {@link LazyAbortController}. */
export interface AbortOnTeardownTarget {
  abort(): void;
  /** Called on every teardown, after any abort: the work is over (a {@link LazyAbortController} unlinks from its parent). */
  dispose?(): void;
}

/**
 * Aborts `controller` when the subscription ends without the source completing: the subscriber
 * unsubscribed early, or the source errored. A normal completion leaves it untouched. This is how
 * "cancellation is unsubscription" reaches code that only understands `AbortSignal` (fetch,
 * Promise-returning tools). On every teardown (completion too) it then calls the controller's
 * `dispose()`, if it has one: a {@link LazyAbortController} drops its listener on its parent's
 * signal there, so nothing of the finished work stays reachable from a longer-lived signal.
 *
 * ```
 * source:   --a--b--c--|        --a--b--#         --a--b-
 * unsub:                                                 ^
 * aborted:  no                  yes (after #)     yes (at ^)
 * dispose:  at |                after #           at ^
 * ```
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * work$.pipe(abortOnTeardown(controller)).subscribe().unsubscribe(); // controller.signal.aborted === true
 * ```
 */
export function abortOnTeardown<T>(controller: AbortOnTeardownTarget): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      const observer = new CompletionWatch(subscriber);
      const subscription = source.subscribe(observer);
      return () => {
        subscription.unsubscribe();
        if (!observer.completed) controller.abort();
        controller.dispose?.();
      };
    });
}

/** The source's observer, noting whether it completed: one object, no closures per subscription. */
class CompletionWatch<T> implements Observer<T> {
  completed = false;

  constructor(private readonly subscriber: Subscriber<T>) {}

  next(value: T): void {
    this.subscriber.next(value);
  }

  error(error: unknown): void {
    this.subscriber.error(error);
  }

  complete(): void {
    this.completed = true;
    this.subscriber.complete();
  }
}
