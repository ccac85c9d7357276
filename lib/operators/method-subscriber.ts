import { Subscriber } from 'rxjs';

/**
 * A `Subscriber` whose handlers are methods on its own prototype (`onNext`, `onError`,
 * `onComplete`), for operators that make a subscriber per value and cannot afford the two objects
 * RxJS wraps around a plain observer, nor a closure per handler. After its error or completion it
 * unsubscribes, as RxJS's own subscribers do, even when the handler throws.
 *
 * ```
 * source:  --a--b--|        --a--#
 * onNext:  --a--b           --a
 * end:     --------C(u)     -----E(u)     (C: onComplete, E: onError, u: unsubscribed after)
 * ```
 *
 * @example
 * ```ts
 * class Count extends MethodSubscriber<number> {
 *   total = 0;
 *   protected onNext(value: number): void { this.total += value; }
 *   protected onError(error: unknown): void { console.error(error); }
 *   protected onComplete(): void { console.log(this.total); }
 * }
 * of(1, 2, 3).subscribe(new Count()); // logs 6
 * ```
 */
export abstract class MethodSubscriber<T> extends Subscriber<T> {
  /** A value arrived. */
  protected abstract onNext(value: T): void;
  /** The source failed; the subscriber unsubscribes afterwards. */
  protected abstract onError(error: unknown): void;
  /** The source completed; the subscriber unsubscribes afterwards. */
  protected abstract onComplete(): void;

  protected override _next(value: T): void {
    this.onNext(value);
  }

  protected override _error(error: unknown): void {
    try {
      this.onError(error);
    } finally {
      this.unsubscribe();
    }
  }

  protected override _complete(): void {
    try {
      this.onComplete();
    } finally {
      this.unsubscribe();
    }
  }
}
