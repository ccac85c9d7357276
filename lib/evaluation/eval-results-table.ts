import type { EvalCaseResult } from './eval-result.js';
import { EvalStatus } from './eval-status.js';

const STATUS_NAMES = new Map<number, string>([
  [EvalStatus.PASSED, 'PASSED'],
  [EvalStatus.FAILED, 'FAILED'],
  [EvalStatus.NOT_EVALUATED, 'NOT_EVALUATED'],
]);

/**
 * The name of a numeric {@link EvalStatus}.
 *
 * @example
 * ```ts
 * evalStatusName(2); // 'FAILED'
 * ```
 */
export function evalStatusName(status: number): string {
  return STATUS_NAMES.get(status) ?? String(status);
}

/**
 * The per-case summary `rxadk eval` prints and the Jest matcher fails with: one row per case
 * and metric (case, metric, score to 4 decimals, threshold, status), a case without metrics on
 * one row with its reason, then a count line.
 *
 * @example
 * ```ts
 * console.log(evalResultsTable(results));
 * // Case          Metric                     Score   Threshold  Status
 * // simple_test   tool_trajectory_avg_score  1.0000  1.00       PASSED
 * // 1 case: 1 passed, 0 failed, 0 not evaluated
 * ```
 */
export function evalResultsTable(results: readonly EvalCaseResult[]): string {
  const rows = results.flatMap((result): string[][] => {
    if (result.overallEvalMetricResults.length === 0) return [[caseName(result), '-', '-', '-', `${evalStatusName(result.finalEvalStatus)} (${result.reason ?? 'no metric'})`]];
    return result.overallEvalMetricResults.map((metric) => [
      caseName(result),
      metric.metricName,
      metric.score === undefined ? '-' : metric.score.toFixed(4),
      metric.threshold.toFixed(2),
      evalStatusName(metric.evalStatus) + (metric.details ? ` (${metric.details})` : ''),
    ]);
  });
  const header = ['Case', 'Metric', 'Score', 'Threshold', 'Status'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (i === 4 ? 0 : row[i]!.length))));
  const line = (row: readonly string[]) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ');
  const count = (status: number) => results.filter((r) => r.finalEvalStatus === status).length;
  const total = `${results.length} case${results.length === 1 ? '' : 's'}: ${count(EvalStatus.PASSED)} passed, ${count(EvalStatus.FAILED)} failed, ${count(EvalStatus.NOT_EVALUATED)} not evaluated`;
  return [line(header), ...rows.map(line), total].join('\n');
}

function caseName(result: EvalCaseResult): string {
  return result.evalId;
}
