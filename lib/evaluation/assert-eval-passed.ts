import type { EvalCaseResult } from './eval-result.js';
import { EvalFailedError } from './eval-failed-error.js';
import { EvalStatus } from './eval-status.js';

/**
 * Throws an {@link EvalFailedError} (its message the per-case table) unless every case passed:
 * a FAILED case fails, and so does a NOT_EVALUATED one unless `allowNotEvaluated`, and so does an
 * empty list. For any test runner (Jest, Vitest, node:test).
 *
 * @example
 * ```ts
 * test('home automation passes its eval set', async () => {
 *   assertEvalPassed(await lastValueFrom(evaluate({ agent: rootAgent, evalSet }).pipe(toArray())));
 * });
 * ```
 */
export function assertEvalPassed(results: readonly EvalCaseResult[], options: { allowNotEvaluated?: boolean } = {}): void {
  const ok = (r: EvalCaseResult) => r.finalEvalStatus === EvalStatus.PASSED || (options.allowNotEvaluated === true && r.finalEvalStatus === EvalStatus.NOT_EVALUATED);
  if (results.length === 0 || !results.every(ok)) throw new EvalFailedError(results);
}
