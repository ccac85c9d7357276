import { camelCase } from './camel-case-data.js';
import { EvalInputError } from './eval-input-error.js';
import type { EvalCriterion, EvalMetricFunction } from './eval-metric.js';
import { ThresholdRangeError } from './threshold-range-error.js';
import { UnknownMetricError } from './unknown-metric-error.js';

/**
 * Criteria in ADK's `test_config.json` shape: `{"criteria": {"<metric>": threshold | {threshold, …options}}}`,
 * plus, in code, `customMetrics` (or `custom_metrics`): metric functions by name, which criteria may then name.
 *
 * @example
 * ```ts
 * const config: EvalConfig = { criteria: { tool_trajectory_avg_score: { threshold: 1, match_type: 'IN_ORDER' }, polite: 1 }, customMetrics: { polite } };
 * ```
 */
export interface EvalConfig {
  criteria: Record<string, number | Record<string, unknown>>;
  customMetrics?: Record<string, EvalMetricFunction>;
}

/** ADK's defaults when no criteria are given: `tool_trajectory_avg_score` 1.0 and `response_match_score` 0.8. */
export const DEFAULT_EVAL_CONFIG: EvalConfig = { criteria: { tool_trajectory_avg_score: 1.0, response_match_score: 0.8 } };

/** A checked {@link EvalConfig}: the criteria in order, and the custom metrics by name. */
export interface ParsedEvalConfig {
  criteria: EvalCriterion[];
  customMetrics: ReadonlyMap<string, EvalMetricFunction>;
}

/**
 * Checks criteria (parsed `test_config.json`, or an {@link EvalConfig}) against the metrics that
 * exist (`builtIn` and the config's custom ones): an {@link UnknownMetricError} for a metric that
 * does not, a {@link ThresholdRangeError} for a threshold outside [0, 1], an {@link EvalInputError}
 * for any other shape. Option keys are camelCased (`match_type` → `matchType`).
 *
 * @example
 * ```ts
 * parseEvalConfig({ criteria: { response_match_score: 0.5 } }, 'test_config.json', ['response_match_score']).criteria;
 * // [{ metricName: 'response_match_score', threshold: 0.5, options: {} }]
 * ```
 */
export function parseEvalConfig(json: unknown, source: string, builtIn: readonly string[]): ParsedEvalConfig {
  const config = objectAt(json, 'The eval config', source);
  const unknownKey = Object.keys(config).find((key) => !['criteria', 'custom_metrics', 'customMetrics'].includes(key));
  if (unknownKey !== undefined) throw new EvalInputError(`Unknown key "${unknownKey}" in ${source}. Known keys: criteria, custom_metrics.`, { file: source, key: unknownKey });
  const customMetrics = customMetricsOf(config['customMetrics'] ?? config['custom_metrics'], source);
  const known = [...builtIn, ...customMetrics.keys()];
  const criteria = Object.entries(objectAt(config['criteria'] ?? {}, '"criteria"', source)).map(([metricName, value]) => criterionOf(metricName, value, source, known));
  if (criteria.length === 0) throw new EvalInputError(`${source} names no criteria: give {"criteria": {"<metric>": <threshold>}}.`, { file: source });
  return { criteria, customMetrics };
}

function criterionOf(metricName: string, value: unknown, source: string, known: readonly string[]): EvalCriterion {
  if (!known.includes(metricName)) throw new UnknownMetricError(metricName, known, source);
  const spec = typeof value === 'number' ? { threshold: value } : objectAt(value, `The criterion "${metricName}"`, source);
  const threshold = spec['threshold'];
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1)) throw new ThresholdRangeError(metricName, threshold, source);
  const options = Object.fromEntries(Object.entries(spec).filter(([key]) => key !== 'threshold').map(([key, v]) => [camelCase(key), camelCaseKeys(v)]));
  return { metricName, threshold, options };
}

function customMetricsOf(value: unknown, source: string): ReadonlyMap<string, EvalMetricFunction> {
  if (value === undefined || value === null) return new Map();
  const entries = Object.entries(objectAt(value, '"custom_metrics"', source));
  const notFunction = entries.find(([, fn]) => typeof fn !== 'function');
  if (notFunction) throw new EvalInputError(`The custom metric "${notFunction[0]}" in ${source} is not a function.`, { file: source, key: notFunction[0] });
  return new Map(entries as Array<[string, EvalMetricFunction]>);
}

/** Nested option objects (`judge_model_options`) camelCased one level down. */
function camelCaseKeys(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [camelCase(key), v]));
}

function objectAt(value: unknown, what: string, source: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new EvalInputError(`${what} in ${source} must be a JSON object.`, { file: source });
  return value as Record<string, unknown>;
}
