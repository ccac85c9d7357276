// The parts of `@modelcontextprotocol/sdk` that rxadk's public types mention, declared here
// structurally so that the published `.d.ts` files never import the SDK (an optional peer): a
// strict project (`skipLibCheck: false`) that does not install it still type-checks.

/**
 * A tool as an MCP server lists it (the SDK's `Tool` from `@modelcontextprotocol/sdk/types.js`,
 * reduced to what rxadk reads; the SDK's objects fit it).
 *
 * @example
 * ```ts
 * const tool: McpToolDescription = { name: 'get-sum', description: 'Adds two numbers.', inputSchema: { type: 'object' } };
 * ```
 */
export interface McpToolDescription {
  /** The tool's name on the server. */
  name: string;
  /** A human-readable title. */
  title?: string;
  /** What the tool does (becomes the declaration's description). */
  description?: string;
  /** The JSON Schema of the arguments (`type: 'object'`). */
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
}

/**
 * The options of one MCP request (the SDK's `RequestOptions`, reduced to what rxadk sets).
 *
 * @example
 * ```ts
 * const options: McpRequestOptions = { timeout: 30_000, signal: AbortSignal.timeout(30_000) };
 * ```
 */
export interface McpRequestOptions {
  /** Milliseconds before the request fails with a timeout. */
  timeout?: number;
  /** Aborts (cancels) the request. */
  signal?: AbortSignal;
}

/**
 * A connected MCP client (the SDK's `Client`, reduced to the requests rxadk sends; the SDK's
 * client is passed as it is).
 *
 * @example
 * ```ts
 * session.request((client, options) => client.listTools(undefined, options)).subscribe((page) => console.log(page.tools));
 * ```
 */
export interface McpClient {
  /** `tools/list`: one page of the server's tools. */
  listTools(params?: { cursor?: string }, options?: McpRequestOptions): Promise<{ tools: McpToolDescription[]; nextCursor?: string }>;
  /** `tools/call`: the tool's result (`{content, isError?, structuredContent?}`). */
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: undefined, options?: McpRequestOptions): Promise<unknown>;
}
