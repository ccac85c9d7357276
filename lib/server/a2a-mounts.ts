import type { IncomingMessage, ServerResponse } from 'node:http';
import { map, type Observable, shareReplay } from 'rxjs';
import type { A2aAuthenticate } from '../a2a/authenticate.js';
import { type A2aServer, toA2a } from '../a2a/to-a2a.js';
import { SqliteA2aTaskStore } from '../a2a/sqlite-a2a-task-store.js';
import { SqliteSessionService } from '../sqlite/sqlite-session-service.js';
import type { AppRunners } from './app-runners.js';
import { toHttpError } from './http-error.js';

/**
 * What {@link a2aMounts} returns: the request handler, and how to release the task stores.
 *
 * @example
 * ```ts
 * const a2a = a2aMounts(runners);
 * server.on('close', () => a2a.close());
 * ```
 */
export interface A2aMounts {
  /** Answers an `/a2a/{app}` request; `false`, answering nothing, for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Closes the SQLite task stores opened so far (nothing to do for tasks kept in memory). */
  close(): void;
}

/**
 * A `node:http` listener part answering A2A for every app (what `rxadk api_server --a2a` mounts):
 * `POST /a2a/{app}` is the app's JSON-RPC endpoint and `GET /a2a/{app}/.well-known/agent-card.json`
 * its card, whose URL points to that endpoint. Each app's `toA2a` server runs on the app's Runner
 * (the server's shared services); it is built on first use. Its tasks are kept beside the
 * sessions when these are in a SQLite file (`--session-service-uri sqlite://…`): a
 * `SqliteA2aTaskStore` on the same file, one namespace per app, so a task paused for input
 * survives a restart of the server; else in memory. `handle` returns `false`, answering nothing,
 * for any other path, so the HTTP API answers it.
 *
 * @example
 * ```ts
 * const a2a = a2aMounts(runners);
 * http.createServer((req, res) => a2a.handle(req, res) || api(req, res));
 * ```
 */
export function a2aMounts(runners: AppRunners, authenticate?: A2aAuthenticate): A2aMounts {
  const servers = new Map<string, Observable<A2aServer>>();
  const stores = new Set<SqliteA2aTaskStore>();
  const taskStoreFor = (appName: string): { taskStore?: SqliteA2aTaskStore } => {
    const sessions = runners.sessionService;
    if (!(sessions instanceof SqliteSessionService)) return {};
    const taskStore = new SqliteA2aTaskStore(sessions.path, { namespace: appName });
    stores.add(taskStore);
    return { taskStore };
  };
  const serverFor = (appName: string): Observable<A2aServer> => {
    const existing = servers.get(appName);
    if (existing) return existing;
    const created = runners.runnerFor(appName).pipe(
      map((runner) => toA2a(runner.agent, { runner, basePath: `/a2a/${encodeURIComponent(appName)}`, ...(authenticate ? { authenticate } : {}), ...taskStoreFor(appName) })),
      shareReplay({ bufferSize: 1, refCount: false }),
    );
    servers.set(appName, created);
    return created;
  };
  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const match = /^\/a2a\/([^/]+)(\/.*)?$/.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    const appName = match ? safeDecode(match[1]!) : undefined;
    if (appName === undefined || !runners.apps.names().includes(appName)) return false;
    serverFor(appName).subscribe({
      next: (server) => {
        if (!server.handle(req, res)) reply(res, 404, `There is no A2A endpoint at ${req.url}; the app's is POST /a2a/${appName}.`);
      },
      error: (error: unknown) => {
        const httpError = toHttpError(error);
        reply(res, httpError.status, httpError.message);
      },
    });
    return true;
  };
  return { handle, close: () => stores.forEach((store) => store.close()) };
}

function reply(res: ServerResponse, status: number, error: string): void {
  const body = JSON.stringify({ error });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
