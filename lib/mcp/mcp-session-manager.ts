import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { catchError, concatMap, defer, from, map, type Observable, of, shareReplay, tap, throwError } from 'rxjs';
import { RxadkError } from '../utils/errors.js';
import { createMcpTransport, type McpTransport } from './create-mcp-transport.js';
import { describeMcpServer } from './describe-mcp-server.js';
import { errorMessageOf } from './error-message-of.js';
import { loadMcpSdk } from './load-mcp-sdk.js';
import type { McpConnectionParams } from './mcp-connection-params.js';
import type { McpClient, McpRequestOptions } from './mcp-sdk-types.js';
import { McpConnectionError } from './mcp-connection-error.js';

/**
 * How rxadk introduces itself to MCP servers (the `clientInfo` of the `initialize` request).
 *
 * @example
 * ```ts
 * console.log(MCP_CLIENT_INFO.name); // 'rxadk'
 * ```
 */
export const MCP_CLIENT_INFO = { name: 'rxadk', version: '0.1.0' } as const;

/** One connection: a client, its transport, and whether it is still usable. */
interface McpSession {
  ready$: Observable<Client>;
  client?: Client;
  link?: McpTransport;
  /** The connection ended (closed by us, the process exited, the session was lost). */
  ended: boolean;
}

/**
 * Owns the one MCP client (and so the one server process or HTTP session) of a toolset: it
 * connects on first use, shares that connection between every later request (and between
 * requests that arrive while it is still connecting), opens a new one when the old one died, and
 * closes it on {@link close}.
 *
 * ```
 * request ─► no session / ended? ─yes─► load SDK → spawn / connect → initialize ─┐
 *                  │ no                                                           │
 *                  └──────────────────────────► the connected client ◄───────────┘ ─► send
 * ```
 *
 * @example
 * ```ts
 * const sessions = new McpSessionManager({ type: 'stdio', command: 'node', args: ['server.js'] });
 * sessions.request((client, options) => client.listTools(undefined, options)).subscribe(({ tools }) => console.log(tools.length));
 * sessions.close().subscribe(); // the server process exits
 * ```
 */
export class McpSessionManager {
  /** The server, as error messages name it. */
  readonly server: string;
  private session: McpSession | undefined;

  constructor(readonly params: McpConnectionParams) {
    this.server = describeMcpServer(params);
  }

  /** True while a connection is open or opening. */
  get connected(): boolean {
    return this.session !== undefined && !this.session.ended;
  }

  /** The connected client: connects on first use, reuses it, reconnects if it ended. */
  client(): Observable<McpClient> {
    return defer(() => this.liveSession().ready$);
  }

  /**
   * Sends one request on the shared client with `signal` and a timeout: `timeoutMs` when given
   * (a tool call's own timeout), else this connection's `timeoutMs`, else the SDK's 60 s. A
   * request that fails because the connection is gone marks it ended, so the next one reconnects.
   */
  request<T>(send: (client: McpClient, options: McpRequestOptions) => Promise<T>, signal?: AbortSignal, timeoutMs?: number): Observable<T> {
    return defer(() => {
      const session = this.liveSession();
      return session.ready$.pipe(
        concatMap((client) => defer(() => from(send(client, this.requestOptions(signal, timeoutMs))))),
        tap({ error: (error: unknown) => this.noteFailure(session, error) }),
      );
    });
  }

  /** Closes the connection (ends a stdio server's process, ends the HTTP session). Idempotent. */
  close(): Observable<void> {
    return defer(() => {
      const session = this.session;
      this.session = undefined;
      if (!session) return of(undefined);
      session.ended = true;
      return closeSession(session);
    });
  }

  private liveSession(): McpSession {
    if (!this.session || this.session.ended) this.session = this.openSession();
    return this.session;
  }

  private openSession(): McpSession {
    const session = { ended: false } as McpSession;
    session.ready$ = loadMcpSdk().pipe(
      concatMap((sdk) => {
        const link = createMcpTransport(sdk, this.params);
        const client = new sdk.Client({ ...MCP_CLIENT_INFO });
        session.client = client;
        session.link = link;
        client.onclose = () => {
          session.ended = true;
        };
        if (session.ended) return throwError(() => new Error('the toolset was closed while connecting'));
        return from(client.connect(link.transport, this.requestOptions())).pipe(map(() => client));
      }),
      catchError((error: unknown) => this.connectFailed(session, error)),
      shareReplay({ bufferSize: 1, refCount: false }),
    );
    return session;
  }

  private connectFailed(session: McpSession, cause: unknown): Observable<never> {
    session.ended = true;
    const stderr = session.link?.stderrTail() ?? '';
    return closeSession(session).pipe(
      concatMap(() =>
        throwError(() => (cause instanceof RxadkError ? cause : new McpConnectionError({ server: this.server, operation: 'connect', cause, stderr }))),
      ),
    );
  }

  private requestOptions(signal?: AbortSignal, timeoutMs = this.params.timeoutMs): McpRequestOptions {
    return {
      ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}),
      ...(signal ? { signal } : {}),
    };
  }

  private noteFailure(session: McpSession, error: unknown): void {
    if (isConnectionLost(error)) session.ended = true;
  }
}

/** Ends the server side (HTTP session), then the client and its transport; never fails. */
function closeSession(session: McpSession): Observable<void> {
  const { client, link } = session;
  if (!client || !link) return of(undefined);
  return defer(() => from(link.terminate())).pipe(
    catchError(() => of(undefined)),
    concatMap(() => defer(() => from(client.close()))),
    catchError(() => of(undefined)),
    map(() => undefined),
  );
}

/** The SDK's signs of a connection that is gone: "Not connected", "Connection closed", HTTP 404 (unknown session). */
function isConnectionLost(error: unknown): boolean {
  const message = errorMessageOf(error);
  const status = (error as { code?: unknown } | null)?.code;
  return /not connected|connection closed/i.test(message) || (/^Streamable HTTP error/.test(message) && status === 404);
}
