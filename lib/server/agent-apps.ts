import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { catchError, defer, forkJoin, map, type Observable, of, shareReplay } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import type { App } from '../apps/app.js';
import { isApp } from '../apps/is-app.js';
import type { AgentRegistry } from '../config/agent-registry.js';
import { loadAgentConfig } from '../config/load-agent-config.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import { AgentConfigError } from '../utils/errors.js';
import { entryLanguage, findAppEntry } from './app-entry.js';
import type { AppInfo } from './app-info.js';
import { importAgentModule } from './import-agent-module.js';

/** An app found in an agents folder: its root agent and the plugins it asks for (and the `App`, when the file exports one). */
export interface AgentApp {
  name: string;
  rootAgent: BaseAgent;
  plugins: BasePlugin[];
  /** The `App` the agent file exports as `app` (its settings: event compaction, resumability). */
  app?: App;
}

/**
 * The apps of an agents folder, as `rxadk web`, `rxadk api_server` and `rxadk run` see them:
 * each sub-folder holding `agent.ts` / `agent.mts` (TypeScript, transpiled with esbuild at load
 * time, no build step), `agent.js` / `agent.mjs` / `index.*` (exporting `app`, an `App`, or
 * `rootAgent` — or `root_agent`, or a default export — and optionally `plugins`), or `root_agent.yaml`
 * (Google ADK's agent config, loaded with the given registry). Apps are loaded on first use,
 * once. An app that fails to load stays listed; {@link AgentApps.describe} reports its error.
 *
 * @example
 * ```ts
 * const apps = new AgentApps('agents');
 * apps.names();                                  // ['broken', 'hello', 'weather']
 * apps.load('hello').subscribe((app) => app.rootAgent.name);
 * apps.describe().subscribe((infos) => infos.filter((info) => info.error));
 * ```
 */
export class AgentApps {
  private readonly dir: string;
  private readonly cache = new Map<string, Observable<AgentApp>>();

  constructor(
    dir: string,
    private readonly options: { registry?: AgentRegistry } = {},
  ) {
    this.dir = resolve(dir);
  }

  /** The folder the apps are in. */
  get folder(): string {
    return this.dir;
  }

  /**
   * The app names (folders with an agent module or config, whether or not they load), sorted. An
   * entry that is gone by the time it is looked at (removed meanwhile, a dangling link) is no app.
   */
  names(): string[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => !name.startsWith('.') && name !== 'node_modules' && statSync(join(this.dir, name), { throwIfNoEntry: false })?.isDirectory() === true && this.entryOf(name) !== undefined)
      .sort();
  }

  /** Loads (once) the app `name`; errors with {@link AgentConfigError} when it does not exist or does not load. */
  load(name: string): Observable<AgentApp> {
    let app = this.cache.get(name);
    if (!app) {
      app = defer(() => this.loadNow(name)).pipe(shareReplay(1));
      this.cache.set(name, app);
    }
    return app;
  }

  /** Loads every app and describes it (root agent, description, language), or gives its load error. */
  describe(): Observable<AppInfo[]> {
    return defer(() => {
      const names = this.names();
      if (names.length === 0) return of([]);
      return forkJoin(names.map((name) => this.describeOne(name)));
    });
  }

  private describeOne(name: string): Observable<AppInfo> {
    const language = entryLanguage(this.entryOf(name) ?? '');
    return this.load(name).pipe(
      map((app): AppInfo => ({ name, root_agent_name: app.rootAgent.name, description: app.rootAgent.description ?? '', language })),
      catchError((error: unknown) =>
        of<AppInfo>({ name, root_agent_name: '', description: '', language, error: error instanceof Error ? error.message : String(error) }),
      ),
    );
  }

  private loadNow(name: string): Observable<AgentApp> {
    const entry = /^[\w-]+$/.test(name) ? this.entryOf(name) : undefined;
    if (!entry) {
      throw new AgentConfigError(`There is no app "${name}" in ${this.dir}. Apps: ${this.names().join(', ') || '(none)'}.`);
    }
    if (entry.endsWith('.yaml')) return of({ name, rootAgent: loadAgentConfig(entry, this.options), plugins: [] });
    return importAgentModule(entry).pipe(
      map((module): AgentApp => {
        if (module.app !== undefined) {
          if (!isApp(module.app)) throw new AgentConfigError(`${entry} exports app, but it is not an App: export new App({ name, rootAgent, ... }).`);
          return { name, rootAgent: module.app.rootAgent, plugins: module.app.plugins, app: module.app };
        }
        const rootAgent = (module.rootAgent ?? module.root_agent ?? module.default) as BaseAgent | undefined;
        if (!rootAgent) throw new AgentConfigError(`${entry} must export app (an App) or rootAgent (or root_agent, or a default agent).`);
        return { name, rootAgent, plugins: (module.plugins as BasePlugin[] | undefined) ?? [] };
      }),
      catchError((error: unknown) => {
        if (error instanceof AgentConfigError) throw error;
        throw new AgentConfigError(`${entry} failed to load: ${error instanceof Error ? error.message : String(error)}`);
      }),
    );
  }

  private entryOf(name: string): string | undefined {
    return findAppEntry(join(this.dir, name));
  }
}
