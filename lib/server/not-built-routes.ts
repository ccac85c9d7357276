import { of } from 'rxjs';
import { jsonReply } from './reply.js';
import type { Route } from './route.js';

/** The eval and builder endpoints, relative to an app's prefix, with what they are about. */
const NOT_BUILT: ReadonlyArray<{ method: Route['method']; path: string; what: string }> = [
  { method: 'GET', path: '/eval_sets', what: 'Eval sets are' },
  { method: 'GET', path: '/eval-sets', what: 'Eval sets are' },
  { method: 'POST', path: '/eval_sets/:set', what: 'Eval sets are' },
  { method: 'POST', path: '/eval_sets/:set/add_session', what: 'Eval sets are' },
  { method: 'GET', path: '/eval_sets/:set/evals', what: 'Eval cases are' },
  { method: 'GET', path: '/eval_sets/:set/evals/:case', what: 'Eval cases are' },
  { method: 'PUT', path: '/eval_sets/:set/evals/:case', what: 'Eval cases are' },
  { method: 'DELETE', path: '/eval_sets/:set/evals/:case', what: 'Eval cases are' },
  { method: 'POST', path: '/eval_sets/:set/run_eval', what: 'Evaluation is' },
  { method: 'GET', path: '/eval_results', what: 'Eval results are' },
  { method: 'GET', path: '/eval-results', what: 'Eval results are' },
  { method: 'GET', path: '/eval_results/:result', what: 'Eval results are' },
  { method: 'GET', path: '/eval_metrics', what: 'Eval metrics are' },
  { method: 'GET', path: '/metrics-info', what: 'Eval metrics are' },
  { method: 'GET', path: '/builder', what: 'The agent builder is' },
  { method: 'POST', path: '/builder/save', what: 'The agent builder is' },
  { method: 'POST', path: '/builder/cancel', what: 'The agent builder is' },
];

/**
 * What adk-web can ask for that rxadk does not have yet — eval sets, eval results and metrics,
 * and the agent builder — under both of ADK's prefixes (`/apps/{app}` and `/dev/apps/{app}`),
 * plus the older `/builder/app/{app}`. Each answers 501 with a JSON `{error}` naming what is
 * missing, as ADK's own TypeScript server does; adk-web shows these features as empty.
 *
 * @example
 * ```ts
 * createRequestHandler([...apiRoutes(runners), ...notBuiltRoutes()]);
 * // GET /dev/apps/weather/eval_sets → 501 {"error": "Eval sets are not available in rxadk yet."}
 * ```
 */
export function notBuiltRoutes(): Route[] {
  const routes = ['/apps/:app', '/dev/apps/:app'].flatMap((prefix) => NOT_BUILT.map((route) => notBuilt(route.method, `${prefix}${route.path}`, route.what)));
  return [...routes, notBuilt('GET', '/builder/app/:app', 'The agent builder is')];
}

function notBuilt(method: Route['method'], path: string, what: string): Route {
  return { method, path, handle: () => of(jsonReply({ error: `${what} not available in rxadk yet.` }, 501)) };
}
