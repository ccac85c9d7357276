import type { Invocation } from './eval-set.js';
import type { EvalStatus } from './eval-status.js';

/** The score of one metric, over a case or one invocation (ADK's `EvalMetricResult`). */
export interface EvalMetricResult {
  metricName: string;
  threshold: number;
  /** Absent when the metric could not score (then `evalStatus` is NOT_EVALUATED). */
  score?: number;
  evalStatus: EvalStatus;
  /** Beyond ADK: why there is no score (a judge that gave no verdict, a metric that failed). */
  details?: string;
}

/** Each metric's result on one invocation, beside the actual and expected invocations (ADK's `EvalMetricResultPerInvocation`). */
export interface EvalMetricResultPerInvocation {
  actualInvocation: Invocation;
  expectedInvocation: Invocation;
  evalMetricResults: EvalMetricResult[];
}

/** One run of one eval case (ADK's `EvalCaseResult`, camelCase, numeric statuses). */
export interface EvalCaseResult {
  evalSetId: string;
  evalId: string;
  finalEvalStatus: EvalStatus;
  overallEvalMetricResults: EvalMetricResult[];
  evalMetricResultPerInvocation: EvalMetricResultPerInvocation[];
  sessionId: string;
  userId?: string;
  /** Beyond ADK: why the case was not evaluated or failed without scores (a `conversation_scenario`, an agent error). */
  reason?: string;
}

/** The results of running an eval set (ADK's `EvalSetResult`, the `*.evalset_result.json` file). */
export interface EvalSetResult {
  evalSetResultId: string;
  evalSetResultName: string;
  evalSetId: string;
  evalCaseResults: EvalCaseResult[];
  /** Seconds since the epoch, as ADK writes it. */
  creationTimestamp: number;
}
