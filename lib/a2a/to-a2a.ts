import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentCard } from '@a2a-js/sdk';
import type { A2ARequestHandler, TaskStore } from '@a2a-js/sdk/server';
import { concatMap, defaultIfEmpty, defer, map, Observable, of, shareReplay, take } from 'rxjs';
import type { BaseAgent } from '../agents/base-agent.js';
import { App } from '../apps/app.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { BaseMemoryService } from '../memory/base-memory-service.js';
import { Runner } from '../runner/runner.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { fromMaybeAsync } from '../utils/from-maybe-async.js';
import { type A2aAuthenticate, localUserOnly } from './authenticate.js';
import { agentCardOnWire } from './agent-card-on-wire.js';
import { buildAgentCard } from './build-agent-card.js';
import { answerJsonRpc } from './json-rpc-endpoint.js';
import { JSON_RPC_ERRORS } from './json-rpc-error-codes.js';
import { type A2aSdk, loadA2aSdk } from './load-a2a-sdk.js';
import { RunnerAgentExecutor } from './runner-agent-executor.js';

/**
 * The path of the agent card under an A2A endpoint.
 *
 * @example
 * ```ts
 * fetch(`${server.url}${AGENT_CARD_WELL_KNOWN_PATH}`);
 * ```
 */
export const AGENT_CARD_WELL_KNOWN_PATH = '/.well-known/agent-card.json';

/**
 * Options of {@link toA2a}.
 *
 * @example
 * ```ts
 * const options: ToA2aOptions = { authenticate: bearerTokens({ s3cret: 'coordinator' }), sessionService };
 * ```
 */
export interface ToA2aOptions {
  /**
   * Who calls: the user id of a request, or `undefined` to refuse it with 401 (see
   * `bearerTokens`). Default: {@link localUserOnly} — one local user, loopback callers only.
   */
  authenticate?: A2aAuthenticate;
  /** Serve this Runner (its app, agent and services); then the services below are not used. */
  runner?: Runner;
  /** Default: an `InMemorySessionService`. */
  sessionService?: BaseSessionService;
  artifactService?: BaseArtifactService;
  memoryService?: BaseMemoryService;
  /** Where A2A tasks are kept (per user). Default: the SDK's `InMemoryTaskStore`. */
  taskStore?: TaskStore;
  /** The endpoint's public URL, written in the card. Default: `http://<Host header><basePath>/`. */
  url?: string;
  /** The path the endpoint answers at, e.g. `/a2a/weather`. Default: `''` (the root). */
  basePath?: string;
  /** Replaces the card built from the agent tree: a card, or a function of the built card. */
  agentCard?: AgentCard | ((built: AgentCard) => AgentCard);
  /** The largest request body (bytes); larger ones get HTTP 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Advertise and use streaming. Default `true`. */
  streaming?: boolean;
}

/** A running {@link A2aServer.listen}: its URL and how to stop it. */
export interface ListeningA2aServer {
  /** `http://host:port/`: the JSON-RPC endpoint (the card is under it). */
  readonly url: string;
  /** Stops listening and closes open connections. */
  close(): Observable<void>;
}

/**
 * An app served over A2A (see {@link toA2a}): {@link handle} answers `node:http` requests;
 * {@link listen} starts a server of its own.
 *
 * @example
 * ```ts
 * const a2a = toA2a(app);
 * http.createServer((req, res) => a2a.handle(req, res)).listen(8001);
 * ```
 */
export class A2aServer {
  /** The Runner the tasks run on. */
  readonly runner: Runner;
  private readonly basePath: string;
  private readonly authenticate: A2aAuthenticate;
  private readonly handler$: Observable<{ sdk: A2aSdk; handler: A2ARequestHandler; card: AgentCard }>;

  constructor(
    target: App | BaseAgent,
    private readonly options: ToA2aOptions = {},
  ) {
    this.runner = options.runner ?? runnerOf(target, options);
    this.basePath = (options.basePath ?? '').replace(/\/+$/, '');
    this.authenticate = options.authenticate ?? localUserOnly();
    this.handler$ = loadA2aSdk().pipe(
      map((sdk) => {
        const card = this.card(options.url ?? 'http://127.0.0.1/');
        const executor = new RunnerAgentExecutor(this.runner);
        const handler = new sdk.server.DefaultRequestHandler(card, options.taskStore ?? new sdk.server.InMemoryTaskStore(), executor);
        return { sdk, handler, card };
      }),
      shareReplay({ bufferSize: 1, refCount: false }),
    );
  }

  /**
   * The card at `url`: built from the agent tree (see `buildAgentCard`), or the `agentCard` option.
   *
   * @example
   * ```ts
   * toA2a(app).card('http://127.0.0.1:8001/').name; // 'weather_agent'
   * ```
   */
  card(url: string): AgentCard {
    const built = buildAgentCard(this.runner.agent, { url, streaming: this.options.streaming ?? true });
    const override = this.options.agentCard;
    return override === undefined ? built : typeof override === 'function' ? override(built) : override;
  }

  /**
   * Answers a request if it is for this endpoint: `GET <basePath>/.well-known/agent-card.json`
   * (the card, v1.0 with the v0.3 fields beside) and `POST <basePath>` (JSON-RPC). Returns
   * `false`, answering nothing, for any other path. Every call but the card's is authenticated
   * first: a refused caller gets 401 and the agent never runs.
   *
   * @example
   * ```ts
   * http.createServer((req, res) => { if (!a2a.handle(req, res)) { res.statusCode = 404; res.end(); } });
   * ```
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
    if (path === `${this.basePath}${AGENT_CARD_WELL_KNOWN_PATH}` && req.method === 'GET') {
      this.handler$.subscribe({
        next: ({ sdk }) => sendJson(res, 200, agentCardOnWire(sdk, this.card(this.options.url ?? this.urlFromHost(req)))),
        error: (error: unknown) => sendJson(res, 500, { error: String(error) }),
      });
      return true;
    }
    if (path !== this.basePath) return false;
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: `${req.method} is not allowed on ${path || '/'}; A2A JSON-RPC takes POST.` }, { Allow: 'POST' });
      return true;
    }
    this.answer(req, res, this.options.maxBodyBytes ?? 1024 * 1024);
    return true;
  }

  /**
   * Listens on `port` (0: a free one) and `host` (default 127.0.0.1); emits once it does.
   *
   * @example
   * ```ts
   * toA2a(app).listen(0).subscribe((server) => console.log(server.url));
   * ```
   */
  listen(port = 0, host = '127.0.0.1'): Observable<ListeningA2aServer> {
    return defer(
      () =>
        new Observable<ListeningA2aServer>((subscriber) => {
          const server = createServer((req, res) => {
            if (!this.handle(req, res)) sendJson(res, 404, { error: `There is no A2A endpoint at ${req.url}.` });
          });
          server.once('error', (error) => subscriber.error(error));
          server.listen(port, host, () => {
            const address = server.address() as AddressInfo;
            const hostName = address.family === 'IPv6' ? `[${address.address}]` : address.address;
            subscriber.next({ url: `http://${hostName}:${address.port}${this.basePath}/`, close: () => closeServer(server) });
            subscriber.complete();
          });
        }),
    );
  }

  /** Authenticates the caller (401 when refused), then answers the JSON-RPC call as that user. */
  private answer(req: IncomingMessage, res: ServerResponse, maxBodyBytes: number): void {
    fromMaybeAsync(() => this.authenticate(req))
      .pipe(
        defaultIfEmpty(undefined),
        take(1),
        concatMap((userId) => (userId === undefined ? of(undefined) : this.handler$.pipe(map((loaded) => ({ ...loaded, userId, maxBodyBytes }))))),
      )
      .subscribe({
        next: (call) => (call ? void answerJsonRpc(req, res, call) : refuse(req, res)),
        error: (error: unknown) => sendJson(res, 500, { jsonrpc: '2.0', id: null, error: { code: JSON_RPC_ERRORS.internalError, message: String(error) } }),
      });
  }

  private urlFromHost(req: IncomingMessage): string {
    return `http://${req.headers.host ?? '127.0.0.1'}${this.basePath}/`;
  }
}

/**
 * Serves an app (or a bare agent, as an app of its name) over A2A: JSON-RPC and SSE on
 * `node:http`, through `@a2a-js/sdk`'s request handler and transports, A2A v1.0 and v0.3. See
 * {@link A2aServer} and docs/a2a.md.
 *
 * @example
 * ```ts
 * toA2a(rootAgent, { authenticate: bearerTokens({ [token]: 'coordinator' }) })
 *   .listen(8001)
 *   .subscribe((server) => console.log(`A2A at ${server.url}`));
 * ```
 */
export function toA2a(target: App | BaseAgent, options: ToA2aOptions = {}): A2aServer {
  return new A2aServer(target, options);
}

function runnerOf(target: App | BaseAgent, options: ToA2aOptions): Runner {
  const services = {
    sessionService: options.sessionService ?? new InMemorySessionService(),
    ...(options.artifactService ? { artifactService: options.artifactService } : {}),
    ...(options.memoryService ? { memoryService: options.memoryService } : {}),
  };
  return target instanceof App ? new Runner({ app: target, ...services }) : new Runner({ appName: target.name, agent: target, ...services });
}

function refuse(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  sendJson(res, 401, { jsonrpc: '2.0', id: null, error: { code: JSON_RPC_ERRORS.invalidRequest, message: 'Unauthenticated: this A2A endpoint refused the caller.' } }, { 'WWW-Authenticate': 'Bearer' });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function closeServer(server: Server): Observable<void> {
  return new Observable<void>((subscriber) => {
    server.close((error) => (error ? subscriber.error(error) : (subscriber.next(), subscriber.complete())));
    server.closeAllConnections();
  });
}

