import { App } from '../apps/app.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import type { RunnerConfig } from '../runner/runner.js';
import type { AgentApp } from './agent-apps.js';

/**
 * The part of a Runner's config that says what it runs, for an app loaded from an agents folder,
 * run with `plugins` (the app's own, with whatever the CLI or server adds): the file's `App` —
 * its settings kept, its plugins replaced by `plugins` — under the folder's name, or the root agent.
 *
 * @example
 * ```ts
 * new Runner({ ...runnerTargetOf(loaded, [trace, ...loaded.plugins]), sessionService });
 * ```
 */
export function runnerTargetOf(loaded: AgentApp, plugins: BasePlugin[]): Pick<RunnerConfig, 'app' | 'appName' | 'agent' | 'plugins'> {
  if (!loaded.app) return { appName: loaded.name, agent: loaded.rootAgent, plugins };
  const { name, rootAgent, resumability, eventsCompaction } = loaded.app;
  return {
    app: new App({ name, rootAgent, plugins, ...(resumability ? { resumability } : {}), ...(eventsCompaction ? { eventsCompaction } : {}) }),
    appName: loaded.name,
  };
}
