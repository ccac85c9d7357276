import { Observable, type OperatorFunction, type Subscription } from 'rxjs';
import type { ToolResult } from './tool-reply.js';

/**
 * The end of a tool call's pipeline in one subscriber (what `filter`, `map`, `catchError` and a
 * second `map` did one after the other): `undefined` (a long-running tool that gave no result) is
 * skipped; each result goes through `settle` (the JSON check); an error of the pipeline, or a
 * throw of `settle`, goes through `fault` (the `{error}` reply), after which it completes, as
 * `catchError` into `of` did; and what either gives goes through `outcome` (the response event),
 * whose throw is the error.
 *
 * ```
 * results:  --r--|    → --o(settle(r))--|
 * results:  --u--|    → -----|                      (u: undefined)
 * results:  --#       → --(o(fault(error))|)
 * ```
 *
 * @example
 * ```ts
 * results$.pipe(settleToolResult((result) => ({ result }), (error) => ({ result: { error: String(error) } }), (settled) => settled.result));
 * ```
 */
export function settleToolResult<S, O>(
  settle: (result: ToolResult) => S,
  fault: (error: unknown) => S,
  outcome: (settled: S) => O,
): OperatorFunction<ToolResult | undefined, O> {
  return (source) =>
    new Observable<O>((subscriber) => {
      let faulted = false;
      let upstream: Subscription | undefined;
      const handOn = (settled: S): boolean => {
        let out: O;
        try {
          out = outcome(settled);
        } catch (error) {
          subscriber.error(error);
          return false;
        }
        subscriber.next(out);
        return true;
      };
      const onFault = (error: unknown): void => {
        faulted = true;
        let settled: S;
        try {
          settled = fault(error);
        } catch (thrown) {
          subscriber.error(thrown);
          return;
        }
        if (handOn(settled)) subscriber.complete();
      };
      const running = source.subscribe({
        next: (result) => {
          if (faulted || result === undefined || result === null) return;
          let settled: S;
          try {
            settled = settle(result);
          } catch (error) {
            // as `catchError` after `map`: the pipeline is left, the fault's reply is the outcome
            upstream?.unsubscribe();
            onFault(error);
            return;
          }
          handOn(settled);
        },
        error: (error: unknown) => {
          if (!faulted) onFault(error);
        },
        complete: () => {
          if (!faulted) subscriber.complete();
        },
      });
      upstream = running;
      if (faulted) running.unsubscribe();
      return running;
    });
}
