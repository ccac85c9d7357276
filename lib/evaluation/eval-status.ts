/**
 * ADK's numeric statuses, as results files and adk-web carry them.
 *
 * @example
 * ```ts
 * result.finalEvalStatus === EvalStatus.PASSED; // 1
 * ```
 */
export const EvalStatus = { PASSED: 1, FAILED: 2, NOT_EVALUATED: 3 } as const;

/** One of {@link EvalStatus}'s values. */
export type EvalStatus = (typeof EvalStatus)[keyof typeof EvalStatus];

/**
 * PASSED when the score reaches the threshold, FAILED below it, NOT_EVALUATED without a score.
 *
 * @example
 * ```ts
 * evalStatusOf(0.8, 0.8);       // 1 (PASSED)
 * evalStatusOf(undefined, 0.8); // 3 (NOT_EVALUATED)
 * ```
 */
export function evalStatusOf(score: number | undefined, threshold: number): EvalStatus {
  if (score === undefined || Number.isNaN(score)) return EvalStatus.NOT_EVALUATED;
  return score >= threshold ? EvalStatus.PASSED : EvalStatus.FAILED;
}
