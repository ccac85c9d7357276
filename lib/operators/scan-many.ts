import { Observable, type OperatorFunction } from 'rxjs';

/**
 * `scan` whose every step hands on any number of values: `reduce(step, value)` returns the next
 * step, and `outputsOf(step)` the values it emits, in order. The same as
 * `scan(reduce, seed)` followed by `concatMap((step) => from(outputsOf(step)))`, with no inner
 * Observable or subscription per value (the live mode runs it on every audio frame). A value that
 * arrives while the outputs of the one before are still being handed on (re-entrantly) waits for
 * them, as with `concatMap`. A `reduce` or `outputsOf` that throws errors the result.
 *
 * ```
 * source:  -a----b----c|        reduce: the step's outputs are its value twice, then once, then none
 * result:  -(aa)-b-----|
 * ```
 *
 * @example
 * ```ts
 * words$.pipe(scanMany((step: { total: number; out: string[] }, word: string) => ({ total: step.total + 1, out: [word, `#${step.total + 1}`] }), { total: 0, out: [] }, (step) => step.out))
 *   .subscribe(console.log); // 'hi', '#1', 'there', '#2'
 * ```
 */
export function scanMany<T, S, R>(reduce: (step: S, value: T) => S, seed: S, outputsOf: (step: S) => readonly R[]): OperatorFunction<T, R> {
  return (source) =>
    new Observable<R>((subscriber) => {
      let step = seed;
      const waiting: T[] = [];
      let handingOn = false;
      let sourceDone = false;
      const handOn = (value: T): void => {
        let outputs: readonly R[];
        try {
          step = reduce(step, value);
          outputs = outputsOf(step);
        } catch (error) {
          subscriber.error(error);
          return;
        }
        for (let i = 0; i < outputs.length && !subscriber.closed; i++) subscriber.next(outputs[i]!);
      };
      return source.subscribe({
        next: (value) => {
          waiting.push(value);
          if (handingOn) return;
          handingOn = true;
          while (waiting.length > 0 && !subscriber.closed) handOn(waiting.shift()!);
          handingOn = false;
          if (sourceDone) subscriber.complete();
        },
        error: (error: unknown) => subscriber.error(error),
        // a completion that comes while values wait (re-entrantly) follows them
        complete: () => (handingOn ? (sourceDone = true) : subscriber.complete()),
      });
    });
}
