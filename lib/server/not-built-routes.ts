import { of } from 'rxjs';
import { jsonReply } from './reply.js';
import type { Route } from './route.js';

/** The builder endpoints, relative to an app's prefix, with what they are about. */
const NOT_BUILT: ReadonlyArray<{ method: Route['method']; path: string; what: string }> = [
  { method: 'GET', path: '/builder', what: 'The agent builder is' },
  { method: 'POST', path: '/builder/save', what: 'The agent builder is' },
  { method: 'POST', path: '/builder/cancel', what: 'The agent builder is' },
];

/**
 * What adk-web can ask for that rxadk does not have yet — the agent builder — under both of
 * ADK's prefixes (`/apps/{app}` and `/dev/apps/{app}`),
 * plus the older `/builder/app/{app}`. Each answers 501 with a JSON `{error}` naming what is
 * missing, as ADK's own TypeScript server does; adk-web shows these features as empty.
 *
 * @example
 * ```ts
 * createRequestHandler([...apiRoutes(runners), ...notBuiltRoutes()]);
 * // GET /dev/apps/weather/builder → 501 {"error": "The agent builder is not available in rxadk yet."}
 * ```
 */
export function notBuiltRoutes(): Route[] {
  const routes = ['/apps/:app', '/dev/apps/:app'].flatMap((prefix) => NOT_BUILT.map((route) => notBuilt(route.method, `${prefix}${route.path}`, route.what)));
  return [...routes, notBuilt('GET', '/builder/app/:app', 'The agent builder is')];
}

function notBuilt(method: Route['method'], path: string, what: string): Route {
  return { method, path, handle: () => of(jsonReply({ error: `${what} not available in rxadk yet.` }, 501)) };
}
