import type { McpConnectionParams } from './mcp-connection-params.js';

/**
 * Names an MCP server for error messages: the command line of a stdio server, or the URL of a
 * streamable-HTTP one (without credentials, query or headers, which may hold secrets).
 *
 * @example
 * ```ts
 * describeMcpServer({ type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] });
 * // '"npx -y @modelcontextprotocol/server-everything" (stdio)'
 * describeMcpServer({ type: 'streamable-http', url: 'http://127.0.0.1:3001/mcp?key=secret' });
 * // 'http://127.0.0.1:3001/mcp (streamable HTTP)'
 * ```
 */
export function describeMcpServer(params: McpConnectionParams): string {
  if (params.type === 'stdio') return `"${[params.command, ...(params.args ?? [])].join(' ')}" (stdio)`;
  return `${publicUrl(params.url)} (streamable HTTP)`;
}

function publicUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return url;
  }
}
