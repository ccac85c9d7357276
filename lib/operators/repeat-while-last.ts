import { type MonoTypeOperatorFunction, Observable, type Subscription } from 'rxjs';

/**
 * Mirrors the source, and each time it completes, subscribes to it again while
 * `shouldRepeat(lastValueOfThatRound)` says so (`undefined` for a round that emitted nothing).
 * Wrap the source in `defer` to build each round afresh. The LLM flow uses it to decide, from a
 * step's last event, whether to run another step: the decision lives in the stream.
 *
 * Rounds that complete synchronously are looped, not nested, so thousands of synchronous rounds
 * (an agent looping over an in-memory model in a marble test) never grow the call stack.
 *
 * ```
 * source round:    --a--b|                 shouldRepeat(b) → true
 *                         --c|             shouldRepeat(c) → false
 * result:          --a--b--c|
 * ```
 *
 * @example
 * ```ts
 * let n = 0;
 * defer(() => of(++n)).pipe(repeatWhileLast((last) => last! < 3)).subscribe(console.log); // 1, 2, 3
 * ```
 */
export function repeatWhileLast<T>(shouldRepeat: (last: T | undefined) => boolean): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let round: Subscription | undefined;
      const subscribeRounds = (): void => {
        let again: boolean;
        do {
          again = false;
          let last: T | undefined;
          let subscribing = true;
          round = source.subscribe({
            next: (value) => {
              last = value;
              subscriber.next(value);
            },
            error: (error) => subscriber.error(error),
            complete: () => {
              let repeat: boolean;
              try {
                repeat = shouldRepeat(last);
              } catch (error) {
                subscriber.error(error);
                return;
              }
              if (!repeat) subscriber.complete();
              else if (subscribing) again = true;
              else subscribeRounds();
            },
          });
          subscribing = false;
        } while (again && !subscriber.closed);
      };
      subscribeRounds();
      return () => round?.unsubscribe();
    });
}
