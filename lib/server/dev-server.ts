import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { concat, defer, EMPTY, map, Observable, of } from 'rxjs';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { a2aMounts } from './a2a-mounts.js';
import { adkWebRoutes } from './adk-web-routes.js';
import { admissionQueue } from './admission-queue.js';
import { agUiRoutes } from './ag-ui-routes.js';
import { apiRoutes } from './api-routes.js';
import { AppRunners } from './app-runners.js';
import { chatRoutes } from './chat-routes.js';
import { evalRoutes } from './eval-routes.js';
import type { Authenticate } from './authenticate.js';
import type { AppSource } from './app-source.js';
import { crossSitePolicy } from './cross-site-policy.js';
import { graphRoutes } from './graph-routes.js';
import { notBuiltRoutes } from './not-built-routes.js';
import { jsonReply } from './reply.js';
import { createRequestHandler } from './request-handler.js';
import type { Route } from './route.js';
import { runLiveSocket } from './run-live-socket.js';
import { staticRoutes } from './static-routes.js';
import { type TraceLimits, traceStoreOptionsOf } from './trace-limits.js';
import { TraceStore } from './trace-store.js';
import { uiRoutes } from './ui-routes.js';

/**
 * Where `npm run build:ui` writes the dev UI: `ui/` beside this module in `dist/lib/server/`.
 *
 * @example
 * ```ts
 * DevServer.start({ apps, ui: DEFAULT_UI_DIR }); // the same as ui: true
 * ```
 */
export const DEFAULT_UI_DIR = fileURLToPath(new URL('./ui/', import.meta.url));

/**
 * How many turns a {@link DevServer} runs at once by default (`DevServerOptions.maxRuns`). At
 * 100 ms a model call a turn lasts about 0.2 s, so 64 at once is about 300 turns a second: more
 * than one process serves (about 3 ms of CPU a turn), so under overload turns wait in line
 * rather than in the event loop, while a slower model (seconds a call) still has 64 turns going.
 *
 * @example
 * ```ts
 * DevServer.start({ apps, maxRuns: DEFAULT_MAX_RUNS * 2 });
 * ```
 */
export const DEFAULT_MAX_RUNS = 64;

/**
 * Options of {@link DevServer.start}.
 *
 * @example
 * ```ts
 * const options: DevServerOptions = { apps: new AgentApps('agents'), port: 0, host: '127.0.0.1', ui: false };
 * ```
 */
export interface DevServerOptions {
  apps: AppSource;
  /** Shared by every app. Default: an `InMemorySessionService`. */
  sessionService?: BaseSessionService;
  artifactService?: BaseArtifactService;
  memoryService?: BaseMemoryService;
  /** Default 8000; 0 picks a free port. */
  port?: number;
  /** Default `127.0.0.1` (this machine only). */
  host?: string;
  /** Serve the dev UI at `/`: `true` (the built UI, {@link DEFAULT_UI_DIR}), a folder, or `false` (API only). Default `true`. */
  ui?: boolean | string;
  /** Where server errors are reported. Default `console.error`. */
  log?: (line: string) => void;
  /**
   * Other sites allowed to call the API from a browser (CORS), e.g. `['http://localhost:4200']`;
   * `'*'` allows any. By default only the server's own pages may (see docs/dev-ui.md, threat model).
   */
  allowOrigins?: readonly string[];
  /**
   * The folder of adk-web's build (Google's dev UI, see `findAdkWeb`): served at `/dev-ui/`, and
   * `/` redirects there instead of serving rxadk's own UI.
   */
  adkWeb?: string;
  /**
   * Bounds of the in-memory traces (one `TraceStore`: the hook timeline and the spans), over all
   * sessions. Default: the `TraceStore`'s.
   */
  traceLimits?: TraceLimits;
  /**
   * Also serve every app over A2A (`rxadk api_server --a2a`): `POST /a2a/{app}`, the card at
   * `/a2a/{app}/.well-known/agent-card.json` (see `a2aMounts`; needs `@a2a-js/sdk`). Its tasks are
   * kept in the session store's file when that is SQLite, else in memory. Default `false`.
   */
  a2a?: boolean;
  /**
   * Who calls the front-end endpoints (`POST /ag-ui/{app}`, `POST /apps/{app}/chat`): their
   * threads are that user's sessions. Default: everyone is `'user'` (`DEFAULT_USER_ID`), the
   * dev UI's user. See docs/front-ends.md.
   */
  authenticate?: Authenticate;
  /**
   * Where eval sets (`<evalsDir>/<app>/<set>.evalset.json`) and results
   * (`<evalsDir>/<app>/.adk/eval_history/`) are kept, as ADK keeps them beside each app. Default:
   * the apps' folder (`apps.folder`, an `AgentApps`'s); without either the eval endpoints answer 501.
   */
  evalsDir?: string;
  /**
   * How many turns run at once (`POST /run`, `/run_sse`, `/ag-ui/{app}`, `/apps/{app}/chat`):
   * the others wait, in the order they arrived, until one ends (see `admissionQueue`); a client
   * that disconnects while waiting leaves the line. Under overload the wait is then spread evenly
   * over the requests instead of every turn sharing the event loop with all the others, and a
   * store that holds a connection per running turn (PostgreSQL) needs no more connections than
   * this. Default {@link DEFAULT_MAX_RUNS}; `Infinity` runs every turn at once. Not counted: live
   * sessions (`/run_live`), A2A and eval runs.
   */
  maxRuns?: number;
}

/**
 * The server of `rxadk web` and `rxadk api_server`: Google ADK's HTTP API over one Runner per
 * app (see `apiRoutes`), and the dev UI's files. Starting is a cold Observable that emits the
 * listening server once; {@link close} stops it, drops open connections (which unsubscribes
 * their runs) and closes the Runners.
 *
 * @example
 * ```ts
 * DevServer.start({ apps: new AgentApps('agents'), port: 0 }).subscribe((server) => {
 *   console.log(`open ${server.url}`);
 *   process.once('SIGINT', () => server.close().subscribe());
 * });
 * ```
 */
export class DevServer {
  /** `http://host:port`. */
  readonly url: string;

  private constructor(
    private readonly server: Server,
    /** The Runners and the services they share. */
    readonly runners: AppRunners,
    /** The address the server listens on. */
    readonly address: AddressInfo,
    /** Drops the `/run_live` WebSockets. */
    private readonly closeLive: () => void = () => undefined,
    /** Closes the A2A task stores. */
    private readonly closeA2a: () => void = () => undefined,
  ) {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.url = `http://${host}:${address.port}`;
  }

  /** Listens; emits the server once it accepts connections (errors, e.g. `EADDRINUSE`, otherwise). */
  static start(options: DevServerOptions): Observable<DevServer> {
    return defer(() => {
      const runners = new AppRunners({
        apps: options.apps,
        sessionService: options.sessionService ?? new InMemorySessionService(),
        ...(options.artifactService ? { artifactService: options.artifactService } : {}),
        ...(options.memoryService ? { memoryService: options.memoryService } : {}),
        traces: new TraceStore(traceStoreOptionsOf(options.traceLimits)),
      });
      const routes = [...apiRoutes(runners), ...adkWebRoutes(runners), ...graphRoutes(runners), ...agUiRoutes(runners, options.authenticate), ...chatRoutes(runners, options.authenticate), ...evalRoutes(runners, options.evalsDir ?? options.apps.folder), ...notBuiltRoutes(), ...pageRoutes(options)];
      const crossSite = crossSitePolicy({ host: options.host ?? '127.0.0.1', allowOrigins: options.allowOrigins ?? [] });
      const admit = admissionQueue(options.maxRuns ?? DEFAULT_MAX_RUNS);
      const api = createRequestHandler(routes, { crossSite, admit, ...(options.log ? { log: options.log } : {}) });
      const a2a = options.a2a ? a2aMounts(runners) : undefined;
      const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1000 }, a2a ? (req, res) => void (a2a.handle(req, res) || api(req, res)) : api);
      const live = runLiveSocket(runners, crossSite);
      server.on('upgrade', live.upgrade);
      return listen(server, options.port ?? 8000, options.host ?? '127.0.0.1').pipe(
        map((address) => new DevServer(server, runners, address, live.close, () => a2a?.close())),
      );
    });
  }

  /** Stops listening, closes every connection (cancelling running turns), then closes the Runners and the A2A task stores. */
  close(): Observable<void> {
    return concat(defer(() => (this.closeLive(), EMPTY)), closeServer(this.server), this.runners.close(), defer(() => (this.closeA2a(), EMPTY)));
  }
}

/** The pages: adk-web at `/dev-ui/` when asked for, else rxadk's own UI at `/` (unless `ui: false`). */
function pageRoutes(options: DevServerOptions): Route[] {
  if (options.adkWeb) return adkWebPages(options.adkWeb);
  const uiDir = options.ui === false ? undefined : typeof options.ui === 'string' ? options.ui : DEFAULT_UI_DIR;
  return uiDir ? uiRoutes(uiDir) : [];
}

/**
 * adk-web at `/dev-ui/`, `/` redirecting there. adk-web 2.0 links a `prism-dark.css` its package
 * does not ship: an empty stylesheet stands in, so the page loads without a 404.
 */
function adkWebPages(folder: string): Route[] {
  const emptyCss: Route = { method: 'GET', path: '/dev-ui/prism-dark.css', handle: () => of({ kind: 'file', status: 200, contentType: 'text/css; charset=utf-8', body: Buffer.alloc(0) }) };
  const home: Route = { method: 'GET', path: '/', handle: () => of(jsonReply({ redirect: '/dev-ui/' }, 302, { Location: '/dev-ui/' })) };
  return [...staticRoutes(folder, '/dev-ui/'), emptyCss, home];
}

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) resets a client's next
 * request when the server is so busy that its event loop lags past it (the timer closes the socket
 * before the request waiting in it is read: ECONNRESET at the client, seen with 1,000 sessions);
 * 65 s is the usual value behind load balancers, whose own idle timeout is 60 s.
 */
const KEEP_ALIVE_MS = 65_000;

/**
 * Connections the kernel may hold before the server accepts them. Node's default (511) overflows
 * when a thousand clients connect at once, and a dropped connection waits for the client's retry
 * (1 s, then 3 s, …); the kernel caps it at `net.core.somaxconn`.
 */
const LISTEN_BACKLOG = 4096;

/** `server.listen` as an Observable: the address, once listening. */
function listen(server: Server, port: number, host: string): Observable<AddressInfo> {
  return new Observable<AddressInfo>((subscriber) => {
    const onError = (error: Error): void => subscriber.error(error);
    server.once('error', onError);
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', onError);
      subscriber.next(server.address() as AddressInfo);
      subscriber.complete();
    });
  });
}

/** `server.close` as an Observable that completes once every connection is gone. Safe to call twice. */
function closeServer(server: Server): Observable<never> {
  return new Observable<never>((subscriber) => {
    if (!server.listening) {
      subscriber.complete();
      return;
    }
    server.close((error) => (error ? subscriber.error(error) : subscriber.complete()));
    server.closeAllConnections();
  });
}
