import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpSdk } from './load-mcp-sdk.js';
import type { McpConnectionParams, McpStdioConnectionParams } from './mcp-connection-params.js';
import { ProcessGroupStdioTransport } from './process-group-stdio-transport.js';

/**
 * A transport to one MCP server, and what it has to say when things go wrong.
 *
 * @example
 * ```ts
 * const { transport, stderrTail } = createMcpTransport(sdk, params);
 * client.connect(transport).catch(() => console.error(stderrTail()));
 * ```
 */
export interface McpTransport {
  transport: Transport;
  /** The end of a stdio server's stderr (when piped), for error messages; `''` otherwise. */
  stderrTail(): string;
  /** Ends the server side of the session where the protocol has one (streamable HTTP: DELETE). */
  terminate(): Promise<void>;
}

const STDERR_TAIL_CHARS = 2000;

/**
 * Builds the transport for `params`: a {@link ProcessGroupStdioTransport} that spawns the server
 * (its stderr piped and remembered unless asked otherwise), or a `StreamableHTTPClientTransport` with
 * the given headers. Nothing starts until the client connects.
 *
 * @example
 * ```ts
 * loadMcpSdk().subscribe((sdk) => {
 *   const { transport } = createMcpTransport(sdk, { type: 'stdio', command: 'node', args: ['server.js'] });
 *   new sdk.Client({ name: 'me', version: '1.0.0' }).connect(transport);
 * });
 * ```
 */
export function createMcpTransport(sdk: McpSdk, params: McpConnectionParams): McpTransport {
  if (params.type === 'stdio') return stdioTransport(sdk, params);
  const transport = new sdk.StreamableHTTPClientTransport(new URL(params.url), {
    ...(params.headers ? { requestInit: { headers: params.headers } } : {}),
  });
  return { transport, stderrTail: () => '', terminate: () => transport.terminateSession() };
}

function stdioTransport(sdk: McpSdk, params: McpStdioConnectionParams): McpTransport {
  const transport = new ProcessGroupStdioTransport(sdk, params);
  let tail = '';
  transport.stderr?.on('data', (chunk: Buffer | string) => {
    tail = (tail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  return { transport, stderrTail: () => tail, terminate: () => Promise.resolve() };
}
