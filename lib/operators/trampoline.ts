import { type MonoTypeOperatorFunction, Observable, type Subscriber } from 'rxjs';
import { MethodSubscriber } from './method-subscriber.js';

/**
 * Delivers values that arrive while a value is being delivered (re-entrantly, from inside the
 * downstream's own handling of it) after that delivery returns, in arrival order, instead of on
 * top of it: a feedback loop whose steps feed the next step synchronously runs in constant stack.
 * Values that arrive when nothing is being delivered go out at once, so nothing waits for a
 * scheduler and virtual time is untouched. A completion that arrives mid-delivery goes out after
 * the values queued before it; an error goes out at once.
 *
 * Unlike `observeOn(queueScheduler)`, the queue belongs to this subscription alone: a nested loop
 * (a workflow inside a workflow node) drains its own values before its caller's next value.
 *
 * ```
 * source:  a (b c emitted while a is being handled) d
 * result:  a b c d        (b and c after a's handling returns, not inside it)
 * ```
 *
 * @example
 * ```ts
 * merge(feedback, of(start)).pipe(trampoline(), scan(step, initial), mergeMap(run)).subscribe();
 * ```
 */
export function trampoline<T>(): MonoTypeOperatorFunction<T> {
  return (source) => new Observable<T>((subscriber) => source.subscribe(new Trampoline(subscriber)));
}

/**
 * {@link trampoline}'s subscriber: its handlers on its prototype (not an observer literal that rxjs
 * wraps in two objects, with three closures), and a value that arrives when nothing is delivered
 * goes straight out: a workflow's every `finished` message passes through it.
 */
class Trampoline<T> extends MethodSubscriber<T> {
  /** Values that arrived mid-delivery, in order (made at the first one). */
  private queue: T[] | undefined = undefined;
  private delivering = false;
  private completed = false;

  constructor(private readonly downstream: Subscriber<T>) {
    super();
  }

  protected onNext(value: T): void {
    if (this.delivering) {
      if (this.queue === undefined) this.queue = [value];
      else this.queue.push(value);
      return;
    }
    this.delivering = true;
    this.downstream.next(value);
    // `shift` (V8 moves the array's start, no copy): a loop of synchronous steps keeps one waiting
    // value at a time, and an index into a queue that only grows would grow with the loop
    const queue = this.queue;
    if (queue !== undefined) while (queue.length > 0 && !this.downstream.closed) this.downstream.next(queue.shift()!);
    this.delivering = false;
    if (this.completed) this.downstream.complete();
  }

  protected onError(error: unknown): void {
    this.downstream.error(error);
  }

  protected onComplete(): void {
    if (this.delivering) this.completed = true;
    else this.downstream.complete();
  }
}
