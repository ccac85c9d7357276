import { type MonoTypeOperatorFunction, Observable } from 'rxjs';

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
  return (source) =>
    new Observable<T>((subscriber) => {
      const queue: T[] = [];
      let delivering = false;
      let completed = false;
      const drain = (): void => {
        delivering = true;
        while (queue.length > 0 && !subscriber.closed) subscriber.next(queue.shift()!);
        delivering = false;
        if (completed) subscriber.complete();
      };
      return source.subscribe({
        next: (value) => {
          queue.push(value);
          if (!delivering) drain();
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          completed = true;
          if (!delivering) subscriber.complete();
        },
      });
    });
}
