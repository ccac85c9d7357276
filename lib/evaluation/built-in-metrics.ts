import type { EvalMetricFunction, MetricInput, MetricScores } from './eval-metric.js';
import { finalResponseMatchV2 } from './final-response-match-v2.js';
import { textOf } from './response-match-score.js';
import { rouge1 } from './rouge1.js';
import { type TrajectoryOptions, toolTrajectoryScore } from './tool-trajectory-score.js';

/**
 * The metrics rxadk computes, by ADK's names: `tool_trajectory_avg_score` (options `match_type`,
 * and beyond ADK `ignore_args`), `response_match_score` (ROUGE-1 F) and `final_response_match_v2`
 * (an LLM judge).
 *
 * @example
 * ```ts
 * BUILT_IN_METRICS.has('response_match_score'); // true
 * ```
 */
export const BUILT_IN_METRICS: ReadonlyMap<string, EvalMetricFunction> = new Map<string, EvalMetricFunction>([
  ['tool_trajectory_avg_score', trajectoryMetric],
  ['response_match_score', responseMatchMetric],
  ['final_response_match_v2', finalResponseMatchV2],
]);

function trajectoryMetric({ actual, expected, criterion }: MetricInput): MetricScores {
  const options = criterion.options as TrajectoryOptions;
  return meanOf(pairsOf(actual, expected).map(([a, e]) => toolTrajectoryScore(a, e, options)));
}

function responseMatchMetric({ actual, expected }: MetricInput): MetricScores {
  return meanOf(pairsOf(actual, expected).map(([a, e]) => rouge1(textOf(e.finalResponse), textOf(a.finalResponse)).fmeasure));
}

function pairsOf<T>(actual: readonly T[], expected: readonly T[]): Array<[T, T]> {
  return expected.slice(0, actual.length).map((e, i) => [actual[i]!, e]);
}

function meanOf(perInvocation: number[]): MetricScores {
  if (perInvocation.length === 0) return { perInvocation, details: 'No invocation to score.' };
  return { score: perInvocation.reduce((a, b) => a + b, 0) / perInvocation.length, perInvocation };
}
