import { camelKeys } from './camel-keys.js';
import { HttpError } from './http-error.js';

/**
 * A metric to score and the score that passes, as adk-web sends it (ADK's `EvalMetric`, camelCase;
 * `criterion` and `judgeModelOptions` as given).
 *
 * @example
 * ```ts
 * const metric: RequestedMetric = { metricName: 'response_match_score', threshold: 0.8 };
 * ```
 */
export interface RequestedMetric {
  metricName: string;
  threshold: number;
  criterion?: Record<string, unknown>;
  judgeModelOptions?: Record<string, unknown>;
}

/**
 * The body of `run_eval` / `run` (ADK's `RunEvalRequest`), checked: the cases to run (none: all of
 * the set) and the metrics.
 *
 * @example
 * ```ts
 * const request: RunEvalRequest = { evalIds: ['paris'], evalMetrics: [{ metricName: 'tool_trajectory_avg_score', threshold: 1 }] };
 * ```
 */
export interface RunEvalRequest {
  evalIds: string[];
  evalMetrics: RequestedMetric[];
}

/**
 * Reads a `run_eval` body in either case: `evalCaseIds` (or the older `evalIds`; empty or absent:
 * every case), and `evalMetrics` — each `{metricName, threshold}` with a threshold in [0, 1].
 * Anything else is an {@link HttpError} 400 that says what is wrong.
 *
 * @example
 * ```ts
 * parseRunEvalRequest({ eval_ids: ['paris'], eval_metrics: [{ metric_name: 'response_match_score', threshold: 0.8 }] });
 * // { evalIds: ['paris'], evalMetrics: [{ metricName: 'response_match_score', threshold: 0.8 }] }
 * ```
 */
export function parseRunEvalRequest(body: unknown): RunEvalRequest {
  const fields = camelKeys(body, 'The body ({"evalIds": [...], "evalMetrics": [{"metricName", "threshold"}]})');
  const ids = fields['evalCaseIds'] ?? fields['evalIds'] ?? [];
  if (!Array.isArray(ids) || !ids.every((id): id is string => typeof id === 'string')) throw new HttpError(400, 'evalIds (or eval_case_ids) must be a list of case ids.');
  const metrics = fields['evalMetrics'];
  if (!Array.isArray(metrics) || metrics.length === 0) throw new HttpError(400, 'evalMetrics must be a non-empty list of {"metricName", "threshold"}.');
  return { evalIds: [...ids], evalMetrics: metrics.map(metricOf) };
}

function metricOf(value: unknown, index: number): RequestedMetric {
  const fields = camelKeys(value, `evalMetrics[${index}]`);
  const { metricName, threshold, criterion, judgeModelOptions } = fields;
  if (typeof metricName !== 'string' || metricName === '') throw new HttpError(400, `evalMetrics[${index}].metricName must be a metric's name.`);
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1)) throw new HttpError(400, `The threshold of ${metricName} must be a number in [0, 1] (it is ${JSON.stringify(threshold)}).`);
  return {
    metricName,
    threshold,
    ...(isObject(criterion) ? { criterion } : {}),
    ...(isObject(judgeModelOptions) ? { judgeModelOptions } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
