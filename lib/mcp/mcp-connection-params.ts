/**
 * Starts an MCP server as a child process and talks to it over its stdin/stdout.
 *
 * @example
 * ```ts
 * const params: McpStdioConnectionParams = {
 *   type: 'stdio',
 *   command: 'npx',
 *   args: ['-y', '@modelcontextprotocol/server-everything'],
 * };
 * ```
 */
export interface McpStdioConnectionParams {
  type: 'stdio';
  /** The executable that starts the server (`npx`, `node`, `uvx`, ...). */
  command: string;
  args?: string[];
  /**
   * Extra environment variables. The child always gets a small safe set of the parent's
   * variables (`HOME`, `PATH`, `USER`, ...), as the MCP SDK does; these are added on top.
   */
  env?: Record<string, string>;
  /** The child's working directory (default: this process's). */
  cwd?: string;
  /** Per-request timeout in milliseconds (connect, list tools, call a tool). Default: the SDK's 60 s. */
  timeoutMs?: number;
  /**
   * What to do with the server's stderr: `'pipe'` (default) keeps its last lines for error
   * messages and prints nothing; `'inherit'` prints it to this process's stderr; `'ignore'` drops it.
   */
  stderr?: 'pipe' | 'inherit' | 'ignore';
}

/**
 * Talks to a running MCP server over streamable HTTP (one HTTP session per toolset).
 *
 * @example
 * ```ts
 * const params: McpStreamableHttpConnectionParams = {
 *   type: 'streamable-http',
 *   url: 'http://127.0.0.1:3001/mcp',
 *   headers: { Authorization: `Bearer ${token}` },
 * };
 * ```
 */
export interface McpStreamableHttpConnectionParams {
  type: 'streamable-http';
  /** The server's MCP endpoint, e.g. `http://127.0.0.1:3001/mcp`. */
  url: string;
  /** Sent with every request (authorisation, tenant, ...). Never shown in error messages. */
  headers?: Record<string, string>;
  /** Per-request timeout in milliseconds (connect, list tools, call a tool). Default: the SDK's 60 s. */
  timeoutMs?: number;
}

/**
 * How an {@link McpToolset} reaches its server.
 *
 * @example
 * ```ts
 * const local: McpConnectionParams = { type: 'stdio', command: 'node', args: ['server.js'] };
 * const remote: McpConnectionParams = { type: 'streamable-http', url: 'https://tools.example.com/mcp' };
 * ```
 */
export type McpConnectionParams = McpStdioConnectionParams | McpStreamableHttpConnectionParams;
