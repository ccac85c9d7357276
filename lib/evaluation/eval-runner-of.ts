import { basename, dirname, resolve } from 'node:path';
import { concatMap, defer, from, map, type Observable, of } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import type { App } from '../apps/app.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import { Runner } from '../runner/runner.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';

/** What to run an eval set on: an `App`, a root agent, an app folder (as `rxadk web` loads it) or a Runner of your own. */
export interface EvalTarget {
  app?: App;
  agent?: BaseAgent;
  /** An app folder (`agent.ts`, `agent.js` or `root_agent.yaml` in it), loaded with the plugins and Runner `rxadk web` gives it. Node only. */
  agentDir?: string;
  /** A Runner of your own (its session service keeps the eval sessions). */
  runner?: Runner;
}

/** A Runner for an evaluation, and how to release it (the Runners it builds are closed; yours is left open). */
export interface EvalRunner {
  runner: Runner;
  close(): Observable<void>;
}

/**
 * The Runner an evaluation runs its cases through: yours; or one over in-memory services for the
 * `app` or `agent`; or, for `agentDir`, the app as `rxadk web` runs it (its plugins, the trace
 * plugin and the client-tools plugin, loaded on first use from the server's floor).
 *
 * @example
 * ```ts
 * evalRunnerOf({ agentDir: 'examples/eval/home_automation_agent' }).subscribe(({ runner }) => runner.appName); // 'home_automation_agent'
 * ```
 */
export function evalRunnerOf(target: EvalTarget): Observable<EvalRunner> {
  return defer(() => {
    if (target.runner) return of({ runner: target.runner, close: () => of(undefined) });
    if (target.app) return of(owned(new Runner({ app: target.app, ...services() })));
    if (target.agent) return of(owned(new Runner({ appName: target.agent.name, agent: target.agent, ...services() })));
    if (target.agentDir) return appDirRunner(resolve(target.agentDir));
    throw new TypeError('evaluate() needs app, agent, agentDir or runner.');
  });
}

function services() {
  return { sessionService: new InMemorySessionService(), artifactService: new InMemoryArtifactService(), memoryService: new InMemoryMemoryService() };
}

function owned(runner: Runner): EvalRunner {
  return { runner, close: () => runner.close() };
}

function appDirRunner(dir: string): Observable<EvalRunner> {
  return from(Promise.all([import('../server/agent-apps.js'), import('../server/app-runners.js')])).pipe(
    map(([{ AgentApps }, { AppRunners }]) => new AppRunners({ apps: new AgentApps(dirname(dir)), sessionService: new InMemorySessionService() })),
    concatMap((runners) => runners.runnerFor(basename(dir)).pipe(map((runner): EvalRunner => ({ runner, close: () => runners.close() })))),
  );
}
