import { map, of } from 'rxjs';
import type { LocalEvalSetResultsManager } from '../evaluation/local-eval-set-results-manager.js';
import type { AppRunners } from './app-runners.js';
import { EVAL_METRICS_INFO } from './eval-metrics-info.js';
import type { Route } from './route.js';
import { withApp } from './with-app.js';

/**
 * The eval-result and metric endpoints of ADK's API, relative to an app's prefix, answering
 * camelCase JSON:
 *
 * | method and path | answer |
 * |---|---|
 * | `GET /eval_results` | the result ids (`<app>_<set>_<timestamp>`), oldest first |
 * | `GET /eval-results` | `{evalResultIds}` |
 * | `GET /eval_results/{id}` (and `/eval-results/{id}`) | the `EvalSetResult`: `evalSetResultId`, `evalSetId`, `evalCaseResults` (each with `finalEvalStatus`, `overallEvalMetricResults`, `evalMetricResultPerInvocation`, `sessionId`), `creationTimestamp` |
 * | `GET /metrics-info` (and `/eval_metrics`) | `{metricsInfo}`: the metrics rxadk evaluates |
 *
 * Unknown app or result: 404; a result id with a path separator: 400.
 *
 * @example
 * ```ts
 * evalResultRoutes(runners, new LocalEvalSetResultsManager('agents')); // then prefixed by evalRoutes
 * ```
 */
export function evalResultRoutes(runners: AppRunners, results: LocalEvalSetResultsManager): Route[] {
  const list = (params: Record<string, string>) => results.listEvalSetResults(params['app']!);
  const get = ({ params }: { params: Record<string, string> }) => withApp(runners, params, () => results.getEvalSetResult(params['app']!, params['result']!));
  const metricsInfo = ({ params }: { params: Record<string, string> }) => withApp(runners, params, () => of({ metricsInfo: EVAL_METRICS_INFO }));
  return [
    { method: 'GET', path: '/eval_results', handle: ({ params }) => withApp(runners, params, () => list(params)) },
    { method: 'GET', path: '/eval-results', handle: ({ params }) => withApp(runners, params, () => list(params).pipe(map((evalResultIds) => ({ evalResultIds })))) },
    { method: 'GET', path: '/eval_results/:result', handle: get },
    { method: 'GET', path: '/eval-results/:result', handle: get },
    { method: 'GET', path: '/metrics-info', handle: metricsInfo },
    { method: 'GET', path: '/eval_metrics', handle: metricsInfo },
  ];
}
