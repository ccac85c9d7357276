import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  catchError,
  concatMap,
  defer,
  EMPTY,
  endWith,
  finalize,
  fromEvent,
  ignoreElements,
  lastValueFrom,
  map,
  merge,
  type Observable,
  of,
  take,
  tap,
} from 'rxjs';
import { getSessionServiceFromUri, type SessionServiceUriOptions } from '../services/get-session-service-from-uri.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { redactUri } from '../utils/redact-uri.js';
import type { ParsedArgs } from '../utils/parse-args.js';
import { AgentApps } from './agent-apps.js';
import type { AppInfo } from './app-info.js';
import { DEFAULT_MAX_RUNS, DevServer } from './dev-server.js';
import { findAdkWeb } from './find-adk-web.js';
import type { TraceLimits } from './trace-limits.js';

/**
 * How `rxadk web` / `rxadk api_server` run.
 *
 * @example
 * ```ts
 * const stop = new Subject<string>();
 * const options: ServerCommandOptions = { ui: true, stop, out: (line) => lines.push(line) };
 * // later: stop.next('test over');
 * ```
 */
export interface ServerCommandOptions {
  /** Serve the dev UI (`web`) or only the API (`api_server`). */
  ui: boolean;
  /** Where the banner and notices go. Default `console.log`. */
  out?: (line: string) => void;
  /** Where errors go. Default `console.error`. */
  err?: (line: string) => void;
  /** Stops the server when it emits. Default: the first SIGINT or SIGTERM. */
  stop?: Observable<string>;
}

/** The settings read from the command line. */
interface ServerSettings {
  agentsDir: string;
  port: number;
  host: string;
  sessionServiceUri: string;
  allowOrigins: string[];
  /** adk-web's build folder, for `--ui adk`. */
  adkWeb?: string;
  traceLimits: TraceLimits;
  /** `--a2a`: serve each app over A2A too. */
  a2a: boolean;
  /** `--max-runs`: turns run at once (`Infinity`: no limit). */
  maxRuns: number;
}

/** `--max-runs` on a `postgresql://` store when not given: its pool's default size (a running turn holds a connection). */
const POSTGRES_MAX_RUNS = 10;

/** Connections a `postgresql://` store's pool has beyond `--max-runs`: for the requests that read or create sessions while the turns run. */
const POOL_RESERVE = 2;

/**
 * The usage text of `rxadk web` (`ui: true`) or `rxadk api_server`.
 *
 * @example
 * ```ts
 * console.log(serverUsage(true)); // rxadk web [agentsDir] [--port 8000] ...
 * ```
 */
export function serverUsage(ui: boolean): string {
  const name = ui ? 'web' : 'api_server';
  return `rxadk ${name} [agentsDir] [--port 8000] [--host 127.0.0.1] [--session-service-uri memory://]

${ui ? 'Serves the dev UI at / and' : 'Serves'} Google ADK's HTTP API (/list-apps, /apps/{app}/users/{user}/sessions,
/run, /run_sse) for the apps of agentsDir (default ./agents): each sub-folder with an agent.ts
(TypeScript, loaded with no build step) or agent.js exporting rootAgent (and optionally plugins),
or a root_agent.yaml. Apps that fail to load are listed with their error.

  --port <n>                   the port (default 8000; 0 picks a free one)
  --host <address>             the address to bind (default 127.0.0.1: this machine only)
  --session-service-uri <uri>  memory:// (default), sqlite://./sessions.db, postgresql://...
  --allow-origins <a,b>        other sites' origins whose pages may call the API (CORS; also
                               --allow_origins; * for any). By default only this server's own
                               pages may, and requests naming another Host are refused.${ui ? `
  --ui rxadk|adk|<folder>      the dev UI: rxadk's own (default), or Google's adk-web from an
                               installed @google/adk-devtools (or its unpacked folder), served at
                               /dev-ui/` : ''}
  --trace-records <n>          trace records (hook-timeline entries and spans together) kept in
                               memory, all sessions together (default 30000; the least recently
                               used sessions go first). Old names: --trace-entries, --trace-spans
  --trace-chars <n>            characters of trace records kept in memory (default 12000000)
  --max-runs <n>               turns (/run, /run_sse, /ag-ui, /apps/{app}/chat) run at once; the
                               others wait in arrival order (default ${DEFAULT_MAX_RUNS}; none: no limit).
                               On a postgresql:// store the default is ${POSTGRES_MAX_RUNS}, and the pool holds
                               that many connections plus ${POOL_RESERVE} (a running turn holds one)
  --a2a                        also serve each app over A2A (needs @a2a-js/sdk): JSON-RPC at
                               /a2a/{app}, its card at /a2a/{app}/.well-known/agent-card.json;
                               tasks kept in the sqlite:// session file, else in memory

Stops cleanly on Ctrl-C (SIGINT) or SIGTERM.`;
}

/**
 * Runs `rxadk web` / `rxadk api_server`: opens the session store, starts the {@link DevServer},
 * prints where it listens, and stops it (closing connections, Runners and the store) on the
 * first SIGINT or SIGTERM. Resolves to the exit code: 0 after a clean stop, 1 when the server
 * cannot start, 2 for bad arguments.
 *
 * @example
 * ```ts
 * const code = await runServerCommand(parseArgs(['dist/examples/apps', '--port', '0']), { ui: true });
 * ```
 */
export function runServerCommand(args: ParsedArgs, options: ServerCommandOptions): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  const settings = readSettings(args);
  if (typeof settings === 'string') {
    err(`${settings}\n\n${serverUsage(options.ui)}`);
    return Promise.resolve(2);
  }
  const stop = options.stop ?? shutdownSignals();
  const run = getSessionServiceFromUri(settings.sessionServiceUri, storeOptionsOf(settings)).pipe(
    concatMap((sessionService) => serveUntil(stop, sessionService, settings, options.ui, out)),
    ignoreElements(),
    endWith(0),
    catchError((error: unknown) => {
      err(`rxadk ${options.ui ? 'web' : 'api_server'}: ${error instanceof Error ? error.message : String(error)}`);
      return of(1);
    }),
  );
  return lastValueFrom(run);
}

function serveUntil(stop: Observable<string>, sessionService: BaseSessionService, settings: ServerSettings, ui: boolean, out: (line: string) => void): Observable<void> {
  const apps = new AgentApps(settings.agentsDir);
  const { port, host, allowOrigins, traceLimits, adkWeb, maxRuns } = settings;
  return DevServer.start({ apps, sessionService, port, host, ui, allowOrigins, traceLimits, a2a: settings.a2a, maxRuns, ...(adkWeb ? { adkWeb } : {}) }).pipe(
    concatMap((server) => apps.describe().pipe(map((infos) => ({ server, infos })))),
    tap(({ server, infos }) => out(banner(server, infos, settings, ui))),
    map(({ server }) => server),
    concatMap((server) =>
      stop.pipe(
        take(1),
        tap((reason) => out(`${reason}: stopping…`)),
        concatMap(() => server.close()),
      ),
    ),
    finalize(() => closeSessionService(sessionService).subscribe({ error: () => undefined })),
  );
}

function readSettings(args: ParsedArgs): ServerSettings | string {
  const agentsDir = args.positionals[0] ?? (existsSync('agents') ? 'agents' : undefined);
  if (!agentsDir) return 'Give the folder of your apps (there is no ./agents here).';
  if (!existsSync(agentsDir) || !statSync(agentsDir).isDirectory()) return `There is no folder "${agentsDir}".`;
  const port = Number(args.options['port'] ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return `--port must be a port number (0-65535), not "${String(args.options['port'])}".`;
  const host = args.options['host'] ?? '127.0.0.1';
  if (typeof host !== 'string' || !host) return '--host needs an address, e.g. --host 127.0.0.1.';
  const uri = args.options['session-service-uri'] ?? 'memory://';
  if (typeof uri !== 'string') return '--session-service-uri needs a URI, e.g. sqlite://./sessions.db.';
  const origins = args.options['allow-origins'] ?? args.options['allow_origins'] ?? '';
  if (typeof origins !== 'string') return '--allow-origins needs origins, e.g. --allow-origins http://localhost:4200,https://app.example.';
  const allowOrigins = origins.split(',').map((o) => o.trim()).filter(Boolean);
  const traceLimits = readLimits(args);
  if (typeof traceLimits === 'string') return traceLimits;
  const page = readUi(args, agentsDir);
  if (typeof page === 'string') return page;
  const a2a = args.options['a2a'] === true || args.options['a2a'] === 'true';
  const maxRuns = readMaxRuns(args.options['max-runs'], isPostgresUri(uri) ? POSTGRES_MAX_RUNS : DEFAULT_MAX_RUNS);
  if (typeof maxRuns === 'string') return maxRuns;
  return { agentsDir: resolve(agentsDir), port, host, sessionServiceUri: uri, allowOrigins, traceLimits, a2a, maxRuns, ...page };
}

/** `--max-runs`: a whole number ≥ 1, or `none` (no limit); `fallback` without it; an error message otherwise. */
function readMaxRuns(value: string | boolean | undefined, fallback: number): number | string {
  if (value === undefined) return fallback;
  if (value === 'none') return Infinity;
  const count = typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(count) && count >= 1 ? count : `--max-runs must be a whole number of at least 1, or none, not "${String(value)}".`;
}

function isPostgresUri(uri: string): boolean {
  return /^postgres(ql)?:\/\//i.test(uri.trim());
}

/** A `postgresql://` store's pool: a connection for each turn running at once, and {@link POOL_RESERVE} more. */
function storeOptionsOf(settings: ServerSettings): SessionServiceUriOptions {
  return Number.isFinite(settings.maxRuns) ? { postgres: { max: settings.maxRuns + POOL_RESERVE } } : {};
}

/** The `--trace-*` bounds; `--trace-entries` and `--trace-spans` are the old names of `--trace-records` (see `traceStoreOptionsOf`). */
function readLimits(args: ParsedArgs): TraceLimits | string {
  const limits: TraceLimits = {};
  const flags = [['trace-records', 'records'], ['trace-chars', 'chars'], ['trace-entries', 'entries'], ['trace-spans', 'spans']] as const;
  for (const [flag, key] of flags) {
    const value = args.options[flag];
    if (value === undefined) continue;
    const count = Number(value);
    if (!Number.isInteger(count) || count < 1) return `--${flag} must be a positive whole number, not "${String(value)}".`;
    limits[key] = count;
  }
  return limits;
}

/** `--ui`: `{}` for rxadk's own UI, `{adkWeb}` for adk-web's folder, or an error message. */
function readUi(args: ParsedArgs, agentsDir: string): { adkWeb?: string } | string {
  const ui = args.options['ui'] ?? 'rxadk';
  if (ui === 'rxadk') return {};
  if (typeof ui !== 'string') return '--ui needs rxadk, adk, or the folder of adk-web\'s build.';
  const found = findAdkWeb(ui === 'adk' ? [process.cwd(), agentsDir] : [ui]);
  if (found) return { adkWeb: found };
  return ui === 'adk'
    ? '--ui adk needs Google\'s adk-web: install @google/adk-devtools in this project (or unpack "npm pack @google/adk-devtools" and give its folder: --ui <folder>).'
    : `--ui ${ui}: that folder holds no adk-web build (index.html and assets/config/runtime-config.json).`;
}

function banner(server: DevServer, infos: AppInfo[], settings: ServerSettings, ui: boolean): string {
  const model = process.env['GEMINI_API_KEY'] || process.env['GOOGLE_API_KEY']
    ? 'GEMINI_API_KEY is set: apps that choose Gemini use it'
    : 'GEMINI_API_KEY is not set: apps need an offline model (rxadk create scaffolds one) or a key';
  return [
    ui ? `rxadk web: the dev UI is at ${server.url}/${settings.adkWeb ? 'dev-ui/ (adk-web)' : ''}` : `rxadk api_server: the API is at ${server.url}`,
    `  apps:     ${describeApps(infos, settings.agentsDir)}`,
    ...infos.filter((info) => info.error).map((info) => `  failed:   ${info.name}: ${info.error}`),
    ...(settings.a2a ? [`  a2a:      ${server.url}/a2a/{app} (JSON-RPC, A2A v1.0 and v0.3; cards at /a2a/{app}/.well-known/agent-card.json; callers from this machine only; tasks ${settings.sessionServiceUri.trim().toLowerCase().startsWith('sqlite://') ? 'in the session file' : 'in memory'})`] : []),
    `  sessions: ${redactUri(settings.sessionServiceUri)}`,
    `  model:    ${model}`,
    'Press Ctrl-C to stop.',
  ].join('\n');
}

/**
 * One line on the user's apps: `3 apps in /home/me/agents: hello, weather, broken (failed to load)`.
 *
 * @example
 * ```ts
 * describeApps([{ name: 'hello', root_agent_name: 'hello', description: '', language: 'typescript' }], '/agents');
 * // '1 app in /agents: hello'
 * ```
 */
export function describeApps(infos: readonly AppInfo[], folder: string): string {
  if (infos.length === 0) return `no apps in ${folder} (an app is a folder with agent.ts, agent.js or root_agent.yaml; rxadk create <name> makes one)`;
  const names = infos.map((info) => (info.error ? `${info.name} (failed to load)` : info.name));
  return `${infos.length} app${infos.length === 1 ? '' : 's'} in ${folder}: ${names.join(', ')}`;
}

/** The first SIGINT or SIGTERM, by name. */
function shutdownSignals(): Observable<string> {
  return merge(
    fromEvent(process, 'SIGINT').pipe(map(() => 'SIGINT')),
    fromEvent(process, 'SIGTERM').pipe(map(() => 'SIGTERM')),
  );
}

/** Closes a store that holds a connection or a file (SQLite, PostgreSQL); nothing for others. */
function closeSessionService(service: BaseSessionService): Observable<never> {
  const closable = service as BaseSessionService & { close?: () => Observable<unknown> };
  return typeof closable.close === 'function' ? defer(() => closable.close!()).pipe(ignoreElements()) : EMPTY;
}
