import type { BaseAgent } from '../agents/base-agent.js';
import { AppConfigError } from '../apps/app-config-error.js';
import type { App } from '../apps/app.js';
import type { BasePlugin } from '../plugins/base-plugin.js';

/**
 * What a Runner runs, from its config, as ADK's Runner reads it: with `app`, the app's root agent
 * and plugins (an `agent` or `plugins` beside it is an {@link AppConfigError}: they belong to the
 * App) under `appName` if given, else the app's name; without, `appName` and `agent` (both
 * required) and `plugins`.
 *
 * @example
 * ```ts
 * runnerTarget({ app }).appName;               // app.name
 * runnerTarget({ appName: 'a', agent }).agent; // agent
 * ```
 */
export function runnerTarget(config: { app?: App; appName?: string; agent?: BaseAgent; plugins?: BasePlugin[] }): {
  appName: string;
  agent: BaseAgent;
  plugins: BasePlugin[];
} {
  const { app } = config;
  if (app) {
    if (config.agent) throw new AppConfigError(`When app is given, agent is not: the root agent is app.rootAgent ("${app.rootAgent.name}").`);
    if (config.plugins?.length) throw new AppConfigError('When app is given, plugins are not: give them to the App (new App({ ..., plugins })).');
    return { appName: config.appName || app.name, agent: app.rootAgent, plugins: app.plugins };
  }
  if (!config.appName || !config.agent) throw new AppConfigError('A Runner needs either app, or both appName and agent.');
  return { appName: config.appName, agent: config.agent, plugins: config.plugins ?? [] };
}
