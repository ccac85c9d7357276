import { join } from 'node:path';
import { concatMap, defer, map, type Observable, toArray } from 'rxjs';
import { EvalNotFoundError } from '../evaluation/eval-not-found-error.js';
import type { EvalConfig } from '../evaluation/eval-config.js';
import type { EvalCaseResult } from '../evaluation/eval-result.js';
import type { EvalSet } from '../evaluation/eval-set.js';
import { evalSetResultOf } from '../evaluation/eval-set-result-of.js';
import { evaluate } from '../evaluation/evaluate.js';
import type { LocalEvalSetsManager } from '../evaluation/local-eval-sets-manager.js';
import { writeEvalSetResult } from '../evaluation/write-eval-set-result.js';
import type { AppRunners } from './app-runners.js';
import { HttpError } from './http-error.js';
import type { Route } from './route.js';
import { parseRunEvalRequest, type RequestedMetric, type RunEvalRequest } from './run-eval-request.js';
import { withApp } from './with-app.js';

/**
 * ADK's answer for one case run (`RunEvalResult`, camelCase): the case result with the set it
 * came from, and the deprecated `evalMetricResults` (always empty, as ADK's).
 *
 * @example
 * ```ts
 * const row: RunEvalResult = { evalSetFile: 'smoke', evalSetId: 'smoke', evalId: 'paris', finalEvalStatus: 1, evalMetricResults: [],
 *   overallEvalMetricResults: [], evalMetricResultPerInvocation: [], userId: 'user', sessionId: '___eval___session___…' };
 * ```
 */
export interface RunEvalResult {
  evalSetFile: string;
  evalSetId: string;
  evalId: string;
  finalEvalStatus: EvalCaseResult['finalEvalStatus'];
  evalMetricResults: [];
  overallEvalMetricResults: EvalCaseResult['overallEvalMetricResults'];
  evalMetricResultPerInvocation: EvalCaseResult['evalMetricResultPerInvocation'];
  userId: string;
  sessionId: string;
}

/**
 * The endpoints that run an eval set, relative to an app's prefix:
 *
 * | method and path | body | answer |
 * |---|---|---|
 * | `POST /eval_sets/{set}/run_eval` | `{evalIds, evalMetrics: [{metricName, threshold}]}` (either case) | `RunEvalResult[]`, one per case |
 * | `POST /eval-sets/{set}/run` | `{evalCaseIds, evalMetrics}` | `{runEvalResults}` |
 *
 * Each case runs through the app's Runner (its plugins, the server's session service: the eval
 * sessions, `___eval___session___<id>`, can be opened as adk-web opens a result), scored with the
 * requested metrics by `evaluate`; the set's result is written to
 * `<agentsDir>/<app>/.adk/eval_history/<app>_<set>_<timestamp>.evalset_result.json`. Unknown app,
 * set or case: 404; a bad body, an unknown metric: 400.
 *
 * @example
 * ```ts
 * runEvalRoutes(runners, new LocalEvalSetsManager('agents'), 'agents'); // then prefixed by evalRoutes
 * ```
 */
export function runEvalRoutes(runners: AppRunners, sets: LocalEvalSetsManager, agentsDir: string): Route[] {
  const run = (params: Record<string, string>, body: unknown) => runEvalSet(runners, sets, agentsDir, params['app']!, params['set']!, body);
  return [
    { method: 'POST', path: '/eval_sets/:set/run_eval', readsBody: true, handle: ({ params, body }) => withApp(runners, params, () => run(params, body)) },
    { method: 'POST', path: '/eval-sets/:set/run', readsBody: true, handle: ({ params, body }) => withApp(runners, params, () => run(params, body).pipe(map((runEvalResults) => ({ runEvalResults })))) },
  ];
}

function runEvalSet(runners: AppRunners, sets: LocalEvalSetsManager, agentsDir: string, appName: string, evalSetId: string, body: unknown): Observable<RunEvalResult[]> {
  return defer(() => {
    const request = parseRunEvalRequest(body);
    return sets.getEvalSet(appName, evalSetId).pipe(
      map((set) => chosenCases(set ?? missingSet(evalSetId, appName), request, appName)),
      concatMap((evalSet) => runners.runnerFor(appName).pipe(concatMap((runner) => evaluate({ runner, evalSet, criteria: criteriaOf(request.evalMetrics) })))),
      toArray(),
      map((results) => {
        writeEvalSetResult(join(agentsDir, appName), evalSetResultOf(appName, evalSetId, results, Date.now() / 1000));
        return results.map((result) => runEvalResultOf(evalSetId, result));
      }),
    );
  });
}

function missingSet(evalSetId: string, appName: string): never {
  throw new EvalNotFoundError('eval set', evalSetId, appName);
}

/** The set with only the requested cases (all of them when none is named); a named case it lacks is a 404. */
function chosenCases(set: EvalSet, request: RunEvalRequest, appName: string): EvalSet {
  if (request.evalIds.length === 0) return set;
  const byId = new Map(set.evalCases.map((evalCase) => [evalCase.evalId, evalCase]));
  return {
    ...set,
    evalCases: request.evalIds.map((evalId) => {
      const found = byId.get(evalId);
      if (!found) throw new EvalNotFoundError('eval case', evalId, appName, set.evalSetId);
      return found;
    }),
  };
}

/** adk-web's metrics as ADK's criteria: `{criteria: {<metric>: {threshold, …criterion}}}`. */
function criteriaOf(metrics: readonly RequestedMetric[]): EvalConfig {
  const names = metrics.map((metric) => metric.metricName);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new HttpError(400, `The metric ${twice} is named twice in evalMetrics.`);
  return {
    criteria: Object.fromEntries(
      metrics.map((metric) => [metric.metricName, { ...(metric.criterion ?? {}), ...(metric.judgeModelOptions ? { judge_model_options: metric.judgeModelOptions } : {}), threshold: metric.threshold }]),
    ),
  };
}

function runEvalResultOf(evalSetId: string, result: EvalCaseResult): RunEvalResult {
  return {
    evalSetFile: evalSetId,
    evalSetId,
    evalId: result.evalId,
    finalEvalStatus: result.finalEvalStatus,
    evalMetricResults: [],
    overallEvalMetricResults: result.overallEvalMetricResults,
    evalMetricResultPerInvocation: result.evalMetricResultPerInvocation,
    userId: result.userId ?? '',
    sessionId: result.sessionId,
  };
}
