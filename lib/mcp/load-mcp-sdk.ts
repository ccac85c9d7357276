import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { catchError, concatMap, defer, from, map, type Observable, shareReplay, throwError } from 'rxjs';
import { MissingDriverError } from '../utils/missing-driver-error.js';
import { errorMessageOf } from './error-message-of.js';

/**
 * The parts of `@modelcontextprotocol/sdk` that `rxadk/mcp` uses.
 *
 * @example
 * ```ts
 * loadMcpSdk().subscribe((sdk: McpSdk) => new sdk.Client({ name: 'me', version: '1.0.0' }));
 * ```
 */
export interface McpSdk {
  Client: typeof Client;
  StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
  /** The environment variables a stdio server inherits by default (`HOME`, `PATH`, ...). */
  getDefaultEnvironment: typeof getDefaultEnvironment;
  /** Newline-delimited JSON-RPC framing of the stdio transport. */
  ReadBuffer: typeof ReadBuffer;
  serializeMessage: typeof serializeMessage;
}

const SDK_PACKAGE = '@modelcontextprotocol/sdk';

/**
 * Loads `@modelcontextprotocol/sdk` (an optional peer dependency) when a toolset first connects,
 * so that importing `rxadk/mcp` (or a config loader that imports it) never fails by itself. A
 * missing SDK becomes a {@link MissingDriverError} naming the package to install.
 *
 * @example
 * ```ts
 * loadMcpSdk().subscribe(({ Client }) => console.log(typeof Client)); // 'function'
 * ```
 */
export function loadMcpSdk(): Observable<McpSdk> {
  return sdk$;
}

/**
 * The SDK's modules, imported one after the other (Jest's ESM loader fails on parallel imports
 * that share dependencies) and once per process.
 */
const sdk$: Observable<McpSdk> = defer(() => from(import('@modelcontextprotocol/sdk/client/index.js'))).pipe(
  concatMap((client) => from(import('@modelcontextprotocol/sdk/client/streamableHttp.js')).pipe(map((http) => ({ client, http })))),
  concatMap((loaded) => from(import('@modelcontextprotocol/sdk/client/stdio.js')).pipe(map((stdio) => ({ ...loaded, stdio })))),
  concatMap((loaded) => from(import('@modelcontextprotocol/sdk/shared/stdio.js')).pipe(map((framing) => ({ ...loaded, framing })))),
  map(({ client, http, stdio, framing }) => ({
    Client: client.Client,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    getDefaultEnvironment: stdio.getDefaultEnvironment,
    ReadBuffer: framing.ReadBuffer,
    serializeMessage: framing.serializeMessage,
  })),
  catchError((error: unknown) =>
    throwError(() => (isSdkMissing(error) ? new MissingDriverError({ packageName: SDK_PACKAGE, feature: 'rxadk/mcp', cause: error }) : error)),
  ),
  shareReplay({ bufferSize: 1, refCount: false }),
);

function isSdkMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = errorMessageOf(error);
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(SDK_PACKAGE);
}
