import { Observable, type OperatorFunction, type Subscription } from 'rxjs';
import type { BaseTool } from '../tools/base-tool.js';

/** A tool result as the model receives it. */
export type ToolResult = Record<string, unknown>;

/**
 * What a tool's run answered, as the model's result, in one subscriber (what `map`,
 * `defaultIfEmpty` and `catchError` did one after the other): each value as a {@link ToolResult}
 * (an object as it is, any other `r` as `{result: r}`, `null` and `undefined` as `{result: null}`);
 * nothing at all as `{result: null}`, or for a long-running tool as `undefined` (no response yet);
 * a long-running tool's `undefined` value stays `undefined`. An error of the run (or a throw while
 * reading a value) goes to `recover`, whose Observable takes over.
 *
 * ```
 * run:     --v--|     → --(result(v))--|
 * run:     -----|     → -----({result: null}|)          (a long-running tool: -----(undefined|))
 * run:     --#        → --recover(error)…
 * ```
 *
 * @example
 * ```ts
 * tool.runAsync(args, toolContext).pipe(take(1), toolReply(tool, (error) => of({ error: `${tool.name} failed: ${error}` })));
 * ```
 */
export function toolReply(tool: BaseTool, recover: (error: unknown) => Observable<ToolResult | undefined>): OperatorFunction<unknown, ToolResult | undefined> {
  return (source) =>
    new Observable<ToolResult | undefined>((subscriber) => {
      let answered = false;
      let recovering = false;
      let upstream: Subscription | undefined;
      const recoverFrom = (error: unknown): void => {
        recovering = true;
        let next$: Observable<ToolResult | undefined>;
        try {
          next$ = recover(error);
        } catch (thrown) {
          subscriber.error(thrown);
          return;
        }
        // as `defer` does: the recovery's teardown joins the subscriber's own
        next$.subscribe(subscriber);
      };
      const running = source.subscribe({
        next: (value) => {
          if (recovering) return;
          let result: ToolResult | undefined;
          try {
            result = asToolResult(tool, value);
          } catch (error) {
            // as `catchError` after `map`: the run is left, the recovery takes over
            upstream?.unsubscribe();
            recoverFrom(error);
            return;
          }
          answered = true;
          subscriber.next(result);
        },
        error: (error: unknown) => {
          if (!recovering) recoverFrom(error);
        },
        complete: () => {
          if (recovering) return;
          if (!answered) subscriber.next(tool.isLongRunning ? undefined : { result: null });
          subscriber.complete();
        },
      });
      upstream = running;
      if (recovering) running.unsubscribe();
      return running;
    });
}

/** A non-object result `r` is sent as `{result: r}`; a long-running tool's `undefined` stays empty. */
function asToolResult(tool: BaseTool, value: unknown): ToolResult | undefined {
  if (value === undefined && tool.isLongRunning) return undefined;
  if (isRecord(value)) return value;
  return { result: value ?? null };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
