import { EvalInputError } from './eval-input-error.js';

/**
 * A criterion names a metric that is neither built in nor registered in `custom_metrics`.
 *
 * @example
 * ```ts
 * new UnknownMetricError('tool_trajectory_score', ['response_match_score'], 'test_config.json').message;
 * // 'Unknown metric "tool_trajectory_score" in test_config.json. Metrics: response_match_score.'
 * ```
 */
export class UnknownMetricError extends EvalInputError {
  readonly metricName: string;

  constructor(metricName: string, known: readonly string[], source: string) {
    super(`Unknown metric "${metricName}" in ${source}. Metrics: ${known.join(', ')}.`, { file: source, key: metricName });
    this.metricName = metricName;
  }
}
