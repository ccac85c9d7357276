import type { EvalMetricResult } from './eval-result.js';
import { EvalStatus } from './eval-status.js';

/**
 * A case's status from its metrics' statuses, as ADK decides it: FAILED if any metric failed,
 * else PASSED if any passed, else NOT_EVALUATED (no metric, or none could score).
 *
 * @example
 * ```ts
 * finalEvalStatusOf([{ metricName: 'a', threshold: 1, score: 1, evalStatus: EvalStatus.PASSED }]); // 1
 * ```
 */
export function finalEvalStatusOf(results: readonly EvalMetricResult[]): EvalStatus {
  if (results.some((r) => r.evalStatus === EvalStatus.FAILED)) return EvalStatus.FAILED;
  return results.some((r) => r.evalStatus === EvalStatus.PASSED) ? EvalStatus.PASSED : EvalStatus.NOT_EVALUATED;
}
