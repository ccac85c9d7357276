import { catchError, concatMap, from, map, type Observable, of, toArray } from 'rxjs';
import { fromMaybeAsync } from '../utils/from-maybe-async.js';
import type { EvalMetricFunction, EvalCriterion, MetricScores } from './eval-metric.js';
import type { EvalMetricResult, EvalMetricResultPerInvocation } from './eval-result.js';
import type { Invocation } from './eval-set.js';
import { evalStatusOf } from './eval-status.js';

/** The metric results of a conversation: overall, and per invocation. */
export interface InvocationScores {
  overallEvalMetricResults: EvalMetricResult[];
  evalMetricResultPerInvocation: EvalMetricResultPerInvocation[];
}

/**
 * Runs each criterion's metric (looked up in `metrics`) on the actual and expected invocations,
 * one metric after the other, and gives ADK's overall and per-invocation results. A metric that
 * throws or gives no score is NOT_EVALUATED with the reason in `details`.
 *
 * @example
 * ```ts
 * scoreInvocations(actual, expected, [{ metricName: 'response_match_score', threshold: 0.8, options: {} }], BUILT_IN_METRICS)
 *   .subscribe((scores) => scores.overallEvalMetricResults[0]!.score);
 * ```
 */
export function scoreInvocations(
  actual: readonly Invocation[],
  expected: readonly Invocation[],
  criteria: readonly EvalCriterion[],
  metrics: ReadonlyMap<string, EvalMetricFunction>,
): Observable<InvocationScores> {
  return from(criteria).pipe(
    concatMap((criterion) => runMetric(metrics.get(criterion.metricName), { actual, expected, criterion }).pipe(map((scores) => ({ criterion, scores })))),
    toArray(),
    map((all) => ({
      overallEvalMetricResults: all.map(({ criterion, scores }) => metricResult(criterion, scores.score, scores.details)),
      evalMetricResultPerInvocation: expected.slice(0, actual.length).map((expectedInvocation, i) => ({
        actualInvocation: actual[i]!,
        expectedInvocation,
        evalMetricResults: all.map(({ criterion, scores }) => metricResult(criterion, scores.perInvocation?.[i])),
      })),
    })),
  );
}

function runMetric(metric: EvalMetricFunction | undefined, input: Parameters<EvalMetricFunction>[0]): Observable<MetricScores> {
  if (!metric) return of({ details: `No metric is registered as "${input.criterion.metricName}".` });
  return fromMaybeAsync(() => metric(input)).pipe(
    toArray(),
    map(([result]) => (typeof result === 'number' ? { score: result } : (result ?? { details: 'The metric gave no score.' }))),
    catchError((error: unknown) => of({ details: `The metric failed: ${error instanceof Error ? error.message : String(error)}` })),
  );
}

function metricResult(criterion: EvalCriterion, score: number | undefined, details?: string): EvalMetricResult {
  return {
    metricName: criterion.metricName,
    threshold: criterion.threshold,
    ...(score !== undefined ? { score } : {}),
    evalStatus: evalStatusOf(score, criterion.threshold),
    ...(details !== undefined && score === undefined ? { details } : {}),
  };
}
