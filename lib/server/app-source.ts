import { defer, type Observable, of } from 'rxjs';
import type { AgentApp } from './agent-apps.js';
import type { AppInfo } from './app-info.js';
import { AgentConfigError } from '../utils/errors.js';

/**
 * Where the server finds its apps: their names, and each app (root agent and plugins) on demand.
 * `AgentApps` (a folder of apps, as `rxadk web` reads it) is one; {@link appSourceOf} makes one
 * from apps built in code.
 *
 * @example
 * ```ts
 * const source: AppSource = new AgentApps('dist/examples/apps');
 * source.names(); // ['hr', 'study_buddy', 'weather']
 * ```
 */
export interface AppSource {
  /** The app names, sorted. */
  names(): string[];
  /** The app `name`; errors when there is none. */
  load(name: string): Observable<AgentApp>;
  /** Every app described, with its load error if it has one (`/list-apps?detailed=true`). Optional: derived from `load` when absent. */
  describe?(): Observable<AppInfo[]>;
  /** The folder the apps are in, when they are in one: eval sets and results are kept there. */
  readonly folder?: string;
}

/**
 * An {@link AppSource} of apps built in code (to serve agents of your own program, or in tests).
 *
 * @example
 * ```ts
 * const apps = appSourceOf([{ name: 'weather', rootAgent: weatherAgent, plugins: [] }]);
 * DevServer.start({ apps, port: 0 }).subscribe((server) => console.log(server.url));
 * ```
 */
export function appSourceOf(apps: readonly AgentApp[]): AppSource {
  const byName = new Map(apps.map((app) => [app.name, app]));
  return {
    names: () => [...byName.keys()].sort(),
    load: (name) =>
      defer(() => {
        const app = byName.get(name);
        if (!app) throw new AgentConfigError(`There is no app "${name}". Apps: ${[...byName.keys()].join(', ') || '(none)'}.`);
        return of(app);
      }),
  };
}
