import { of } from 'rxjs';
import { LocalEvalSetResultsManager } from '../evaluation/local-eval-set-results-manager.js';
import { LocalEvalSetsManager } from '../evaluation/local-eval-sets-manager.js';
import type { AppRunners } from './app-runners.js';
import { evalResultRoutes } from './eval-result-routes.js';
import { evalSetRoutes } from './eval-set-routes.js';
import { jsonReply } from './reply.js';
import { runEvalRoutes } from './run-eval-routes.js';
import type { Route } from './route.js';

/** ADK's two prefixes of an app's eval endpoints: the older one, and adk-web 2.0's. */
const PREFIXES = ['/apps/:app', '/dev/apps/:app'];

/**
 * Every eval endpoint of ADK's API (see `evalSetRoutes`, `runEvalRoutes` and `evalResultRoutes`), under
 * `/apps/{app}` and `/dev/apps/{app}` (where adk-web 2.0 calls them), with eval sets and results
 * kept in `agentsDir` as ADK keeps them (`<agentsDir>/<app>/<set>.evalset.json`,
 * `<agentsDir>/<app>/.adk/eval_history/`). Without a folder (apps built in code and no `evalsDir`)
 * each answers 501, saying so.
 *
 * @example
 * ```ts
 * createRequestHandler([...apiRoutes(runners), ...evalRoutes(runners, 'agents')]);
 * // GET /dev/apps/weather/eval_sets → ["smoke"]
 * ```
 */
export function evalRoutes(runners: AppRunners, agentsDir: string | undefined): Route[] {
  const sets = new LocalEvalSetsManager(agentsDir ?? '');
  const relative = [...evalSetRoutes(runners, sets), ...runEvalRoutes(runners, sets, agentsDir ?? ''), ...evalResultRoutes(runners, new LocalEvalSetResultsManager(agentsDir ?? ''))];
  const routes = agentsDir === undefined ? relative.map(withoutFolder) : relative;
  return PREFIXES.flatMap((prefix) => routes.map((route) => ({ ...route, path: `${prefix}${route.path}` })));
}

function withoutFolder(route: Route): Route {
  const error = 'Eval sets and results are kept in the apps\' folder: serve an agents folder (rxadk web <folder>), or give DevServer an evalsDir.';
  return { method: route.method, path: route.path, handle: () => of(jsonReply({ error }, 501)) };
}
