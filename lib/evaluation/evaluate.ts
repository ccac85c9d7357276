import { concatMap, defer, finalize, from, map, mergeMap, type Observable, range } from 'rxjs';
import { BUILT_IN_METRICS } from './built-in-metrics.js';
import { DEFAULT_EVAL_CONFIG, type EvalConfig, parseEvalConfig } from './eval-config.js';
import { EvalInputError } from './eval-input-error.js';
import type { EvalCaseResult } from './eval-result.js';
import type { EvalSet } from './eval-set.js';
import { evalCaseRun } from './eval-case-run.js';
import { type EvalTarget, evalRunnerOf } from './eval-runner-of.js';

/** What {@link evaluate} runs: a target (`app`, `agent`, `agentDir` or `runner`), a set, and how. */
export interface EvaluateOptions extends EvalTarget {
  evalSet: EvalSet;
  /** ADK's criteria shape, with custom metrics by name. Default: {@link DEFAULT_EVAL_CONFIG}. */
  criteria?: EvalConfig;
  /** Runs of each case (default 1); each run gives its own result. */
  numRuns?: number;
  /** Cases run at once (default 1). */
  parallel?: number;
}

/**
 * Runs an eval set (SPEC §17): each case (× `numRuns`) in a fresh session holding its
 * `session_input.state`, turn after turn through the Runner, then scored with each criterion's
 * metric; one {@link EvalCaseResult} per case run, in completion order (`parallel` cases at
 * once). Cases with a `conversation_scenario` are NOT_EVALUATED with the reason; a case whose
 * agent errors is FAILED with the error as its reason. Cold: nothing runs before subscription, and
 * unsubscribing cancels the runs under way; the Runners it built are closed at the end. Bad criteria error with an `EvalInputError`.
 *
 * @example
 * ```ts
 * evaluate({ agent: rootAgent, evalSet: parseEvalSet(json, 'home.evalset.json'), criteria: { criteria: { tool_trajectory_avg_score: 1 } } })
 *   .subscribe((result) => console.log(result.evalId, result.finalEvalStatus));
 * ```
 */
export function evaluate(options: EvaluateOptions): Observable<EvalCaseResult> {
  return defer(() => {
    const config = parseEvalConfig(options.criteria ?? DEFAULT_EVAL_CONFIG, 'the criteria', [...BUILT_IN_METRICS.keys()]);
    const metrics = new Map([...BUILT_IN_METRICS, ...config.customMetrics]);
    const numRuns = countOption(options.numRuns, 'numRuns');
    const parallel = countOption(options.parallel, 'parallel');
    return evalRunnerOf(options).pipe(
      concatMap(({ runner, close }) => {
        const runs = from(options.evalSet.evalCases).pipe(
          concatMap((evalCase) => range(0, numRuns).pipe(map(() => evalCase))),
          mergeMap((evalCase) => evalCaseRun({ runner, evalSetId: options.evalSet.evalSetId, evalCase, criteria: config.criteria, metrics }), parallel),
        );
        return runs.pipe(finalize(() => close().subscribe()));
      }),
    );
  });
}

function countOption(value: number | undefined, name: string): number {
  if (value === undefined) return 1;
  if (!Number.isInteger(value) || value < 1) throw new EvalInputError(`${name} must be a whole number of at least 1, not ${value}.`, { key: name });
  return value;
}
