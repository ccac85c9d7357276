import { Observable, type Observer, Subject, type Subscriber } from 'rxjs';

/**
 * A Subject that keeps what it is sent while nobody observes it, and hands it over, in order, to
 * the next subscriber; while observed it forwards at once, like a plain `Subject`. A completion
 * or error sent while unobserved is kept too, and delivered after the held values.
 *
 * ```
 * next:        a   b       c         d
 * subscriber 1:        ^(ab)-c--!                 (unsubscribes)
 * subscriber 2:                  ^(d)             (d was held meanwhile)
 * ```
 *
 * Used by the live mode: requests sent before the model connection is up, or while it reconnects,
 * wait here (see `LiveRequestQueue`).
 *
 * @example
 * ```ts
 * const held = new HoldingSubject<number>();
 * held.next(1);
 * held.next(2);
 * held.subscribe((n) => console.log(n)); // 1, 2
 * held.next(3);                          // 3
 * ```
 */
export class HoldingSubject<T> implements Observer<T> {
  private readonly live = new Subject<T>();
  private readonly held: T[] = [];
  private end: { error: unknown } | { complete: true } | undefined;
  /** The values: first those held, then the live ones. */
  readonly observable: Observable<T> = new Observable<T>((subscriber) => this.attach(subscriber));

  /** How many values wait for a subscriber. */
  get heldCount(): number {
    return this.held.length;
  }

  next(value: T): void {
    if (this.end) return;
    if (this.live.observed) this.live.next(value);
    else this.held.push(value);
  }

  error(error: unknown): void {
    if (this.end) return;
    this.end = { error };
    if (this.live.observed) this.live.error(error);
  }

  complete(): void {
    if (this.end) return;
    this.end = { complete: true };
    if (this.live.observed) this.live.complete();
  }

  /** Subscribes to {@link observable}. */
  subscribe(observer: Partial<Observer<T>> | ((value: T) => void)): ReturnType<Observable<T>['subscribe']> {
    return this.observable.subscribe(observer);
  }

  /** Held values first (values sent meanwhile join the queue), then the end if it came, else the live ones. */
  private attach(subscriber: Subscriber<T>): (() => void) | void {
    while (this.held.length > 0 && !subscriber.closed) subscriber.next(this.held.shift()!);
    if (subscriber.closed) return;
    if (this.end) {
      if ('error' in this.end) subscriber.error(this.end.error);
      else subscriber.complete();
      return;
    }
    const subscription = this.live.subscribe(subscriber);
    return () => subscription.unsubscribe();
  }
}
