import { defer, map, type Observable } from 'rxjs';
import type { AppRunners } from './app-runners.js';
import { jsonReply, type Reply } from './reply.js';

/**
 * Runs `answer` once the route's `:app` is known (an `HttpError` 404 otherwise), and makes
 * its value a 200 JSON reply (`undefined` → `null`, as ADK answers a route that returns nothing).
 *
 * @example
 * ```ts
 * const route: Route = { method: 'GET', path: '/apps/:app/eval_sets', handle: ({ params }) => withApp(runners, params, () => sets.listEvalSets(params['app']!)) };
 * ```
 */
export function withApp(runners: AppRunners, params: Record<string, string>, answer: () => Observable<unknown>): Observable<Reply> {
  return defer(() => {
    runners.requireApp(params['app']!);
    return answer();
  }).pipe(map((value) => jsonReply(value ?? null)));
}
