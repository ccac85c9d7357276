import type { EvalCaseResult, EvalSetResult } from './eval-result.js';

/**
 * ADK's `EvalSetResult` for the case results of one run of a set: id and name
 * `<app>_<set>_<timestamp>` (the timestamp in seconds, as ADK's result managers name it).
 *
 * @example
 * ```ts
 * evalSetResultOf('home', 'simple', results, 1764196800.5).evalSetResultId; // 'home_simple_1764196800.5'
 * ```
 */
export function evalSetResultOf(appName: string, evalSetId: string, caseResults: readonly EvalCaseResult[], timestamp: number): EvalSetResult {
  const id = `${appName}_${evalSetId}_${timestamp}`;
  return { evalSetResultId: id, evalSetResultName: id, evalSetId, evalCaseResults: [...caseResults], creationTimestamp: timestamp };
}
