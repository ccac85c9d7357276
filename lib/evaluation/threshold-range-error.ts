import { EvalInputError } from './eval-input-error.js';

/**
 * A criterion's threshold is not a number in [0, 1].
 *
 * @example
 * ```ts
 * new ThresholdRangeError('response_match_score', 8, 'test_config.json').message;
 * // 'The threshold of "response_match_score" in test_config.json must be a number in [0, 1], not 8.'
 * ```
 */
export class ThresholdRangeError extends EvalInputError {
  readonly metricName: string;

  constructor(metricName: string, threshold: unknown, source: string) {
    super(`The threshold of "${metricName}" in ${source} must be a number in [0, 1], not ${JSON.stringify(threshold)}.`, { file: source, key: metricName });
    this.metricName = metricName;
  }
}
