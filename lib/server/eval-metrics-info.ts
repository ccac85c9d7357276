/**
 * What adk-web's run dialog offers for one metric (ADK's `MetricInfo`, camelCase): its name, what
 * it measures, and the interval of its values (the threshold slider's bounds).
 *
 * @example
 * ```ts
 * const info: EvalMetricInfo = EVAL_METRICS_INFO[0]!;
 * info.metricValueInfo.interval.maxValue; // 1
 * ```
 */
export interface EvalMetricInfo {
  metricName: string;
  description: string;
  metricValueInfo: { interval: { minValue: number; maxValue: number; openAtMin: boolean; openAtMax: boolean } };
}

const UNIT = { interval: { minValue: 0, maxValue: 1, openAtMin: false, openAtMax: false } };

/**
 * The metrics rxadk evaluates, as `GET /dev/apps/{app}/metrics-info` lists them (`{metricsInfo}`).
 *
 * @example
 * ```ts
 * EVAL_METRICS_INFO.map((m) => m.metricName); // ['tool_trajectory_avg_score', 'response_match_score', 'final_response_match_v2']
 * ```
 */
export const EVAL_METRICS_INFO: readonly EvalMetricInfo[] = [
  {
    metricName: 'tool_trajectory_avg_score',
    description: 'Compares the tool calls of each invocation (names and arguments) with the expected ones: 1 for a match, 0 otherwise, averaged over the invocations. Higher is better.',
    metricValueInfo: UNIT,
  },
  {
    metricName: 'response_match_score',
    description: "ROUGE-1 F score of the agent's final response against the expected one (stemmed unigram overlap). In [0, 1], higher is better.",
    metricValueInfo: UNIT,
  },
  {
    metricName: 'final_response_match_v2',
    description: "An LLM judge's verdict on whether the agent's final response matches the expected one, by majority vote over samples. In [0, 1], higher is better.",
    metricValueInfo: UNIT,
  },
];
