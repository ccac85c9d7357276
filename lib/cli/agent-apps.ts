import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defer, from, map, type Observable, of, shareReplay } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import type { AgentRegistry } from '../config/agent-registry.js';
import { loadAgentConfig } from '../config/load-agent-config.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import { AgentConfigError } from '../utils/errors.js';

/** An app found in an agents folder: its root agent and the plugins it asks for. */
export interface AgentApp {
  name: string;
  rootAgent: BaseAgent;
  plugins: BasePlugin[];
}

const MODULE_FILES = ['agent.js', 'agent.mjs', 'index.js', 'index.mjs'];

/**
 * The apps of an agents folder, as `rxadk web` and `rxadk run` see them: each sub-folder holding
 * `agent.js` / `index.js` (exporting `rootAgent` — or a default export — and optionally
 * `plugins`), or `root_agent.yaml` (Google ADK's agent config, loaded with the given registry).
 * Apps are loaded on first use, once.
 *
 * @example
 * ```ts
 * const apps = new AgentApps('dist/examples/apps');
 * apps.names();                                  // ['hr', 'study_buddy', 'weather']
 * apps.load('weather').subscribe((app) => app.rootAgent.name);
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

  /** The app names (folders with an agent module or config), sorted. */
  names(): string[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => !name.startsWith('.') && statSync(join(this.dir, name)).isDirectory() && this.entryOf(name) !== undefined)
      .sort();
  }

  /** Loads (once) the app `name`; errors with {@link AgentConfigError} when it does not exist. */
  load(name: string): Observable<AgentApp> {
    let app = this.cache.get(name);
    if (!app) {
      app = defer(() => this.loadNow(name)).pipe(shareReplay(1));
      this.cache.set(name, app);
    }
    return app;
  }

  private loadNow(name: string): Observable<AgentApp> {
    const entry = /^[\w-]+$/.test(name) ? this.entryOf(name) : undefined;
    if (!entry) {
      throw new AgentConfigError(`There is no app "${name}" in ${this.dir}. Apps: ${this.names().join(', ') || '(none)'}.`);
    }
    if (entry.endsWith('.yaml')) return of({ name, rootAgent: loadAgentConfig(entry, this.options), plugins: [] });
    return from(import(pathToFileURL(entry).href) as Promise<{ rootAgent?: BaseAgent; default?: BaseAgent; plugins?: BasePlugin[] }>).pipe(
      map((module) => {
        const rootAgent = module.rootAgent ?? module.default;
        if (!rootAgent) throw new AgentConfigError(`${entry} must export rootAgent (or a default agent).`);
        return { name, rootAgent, plugins: module.plugins ?? [] };
      }),
    );
  }

  private entryOf(name: string): string | undefined {
    const folder = join(this.dir, name);
    for (const file of [...MODULE_FILES, 'root_agent.yaml']) {
      const path = join(folder, file);
      if (existsSync(path)) return path;
    }
    return undefined;
  }
}
