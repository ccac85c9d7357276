import type { Invocation } from './eval-set.js';
import type { MaybeAsync } from '../utils/from-maybe-async.js';

/** One metric to compute and the threshold it must reach, with its options (`match_type`, `judge_model_options`, …, camelCased). */
export interface EvalCriterion {
  metricName: string;
  threshold: number;
  options: Readonly<Record<string, unknown>>;
}

/** What a metric gives: a score for the case, and optionally one per invocation. */
export interface MetricScores {
  /** The case's score; absent when the metric could not score (NOT_EVALUATED). */
  score?: number;
  /** A score (or none) per invocation, in the conversation's order. */
  perInvocation?: ReadonlyArray<number | undefined>;
  /** Why there is no score, when there is none. */
  details?: string;
}

/** What a metric is given: the invocations the agent produced, the expected ones, and its criterion. */
export interface MetricInput {
  actual: readonly Invocation[];
  expected: readonly Invocation[];
  criterion: EvalCriterion;
}

/**
 * A metric: built in, or registered by name in `customMetrics` (a plain score, {@link MetricScores},
 * a Promise or an Observable of either).
 *
 * @example
 * ```ts
 * const shortAnswers: EvalMetricFunction = ({ actual }) => (actual.every((i) => textOf(i.finalResponse).length < 200) ? 1 : 0);
 * ```
 */
export type EvalMetricFunction = (input: MetricInput) => MaybeAsync<number | MetricScores>;
