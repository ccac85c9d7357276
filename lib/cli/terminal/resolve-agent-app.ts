import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { defer, type Observable } from 'rxjs';
import type { AgentRegistry } from '../../config/agent-registry.js';
import { AgentConfigError } from '../../utils/errors.js';
import { type AgentApp, AgentApps } from '../../server/agent-apps.js';
import { APP_ENTRY_FILES } from '../../server/app-entry.js';

/**
 * The app `rxadk run <target> [--app name]` talks to. `target` is either an app folder (holding
 * `agent.ts` / `agent.js` / `index.*` / `root_agent.yaml`), or an agents folder with `--app` naming one of
 * its apps (or holding a single app). Errors with {@link AgentConfigError} listing the choices.
 *
 * @example
 * ```ts
 * resolveAgentApp('dist/examples/apps/weather').subscribe((app) => app.rootAgent.name); // 'weather_agent'
 * resolveAgentApp('dist/examples/apps', { app: 'hr' }).subscribe((app) => app.name);     // 'hr'
 * ```
 */
export function resolveAgentApp(target: string, options: { app?: string; registry?: AgentRegistry } = {}): Observable<AgentApp> {
  return defer(() => {
    const path = resolve(target);
    if (!existsSync(path)) throw new AgentConfigError(`${target} does not exist: give an app folder or an agents folder.`);
    const folder = statSync(path).isDirectory() ? path : dirname(path);
    const registry = options.registry ? { registry: options.registry } : {};
    if (options.app) return new AgentApps(folder, registry).load(options.app);
    if (APP_ENTRY_FILES.some((file) => existsSync(join(folder, file)))) return new AgentApps(dirname(folder), registry).load(basename(folder));
    const names = new AgentApps(folder, registry).names();
    if (names.length === 1) return new AgentApps(folder, registry).load(names[0]!);
    throw new AgentConfigError(
      names.length === 0
        ? `${target} holds no app: an app folder has agent.ts or agent.js (exporting rootAgent) or root_agent.yaml.`
        : `${target} holds several apps (${names.join(', ')}): choose one with --app <name>.`,
    );
  });
}
