import { catchError, map, type Observable, tap, throwError } from 'rxjs';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { BaseTool } from '../tools/base-tool.js';
import { BaseToolset, type ToolFilter } from '../tools/base-toolset.js';
import { AgentConfigError, RxadkError } from '../utils/errors.js';
import { listMcpTools } from './list-mcp-tools.js';
import type { McpConnectionParams } from './mcp-connection-params.js';
import type { McpToolDescription } from './mcp-sdk-types.js';
import { McpConnectionError } from './mcp-connection-error.js';
import { McpSessionManager } from './mcp-session-manager.js';
import { McpTool } from './mcp-tool.js';

/** What an {@link McpToolset} is built from. */
export interface McpToolsetOptions {
  /** How to reach the server: `{type: 'stdio', command, ...}` or `{type: 'streamable-http', url, ...}`. */
  connectionParams: McpConnectionParams;
  /**
   * Which of the server's tools the agent sees: a list of names (the server's names; prefixed
   * names match too) or a predicate of the {@link McpTool} and the context. Default: all.
   */
  toolFilter?: ToolFilter;
  /** Prepended to every tool name the model sees, as `<prefix>_<name>` (ADK's `tool_name_prefix`). */
  toolNamePrefix?: string;
  /**
   * Milliseconds one call of any of this server's tools may take: each {@link McpTool}'s own
   * `timeoutMs`, so it wins over the run's `RunConfig.toolTimeoutMs`. On expiry the call is
   * cancelled on the server (`notifications/cancelled`) and the model gets
   * `{error: 'Tool <name> timed out after <n> ms.'}`. Default: none of its own (the run's setting
   * applies; without one, the connection's `timeoutMs`, default the MCP SDK's 60 s, still ends a
   * call). Not to be confused with `connectionParams.timeoutMs`, the timeout of every MCP request.
   */
  toolTimeoutMs?: number;
}

/**
 * The tools of one MCP server (Model Context Protocol), over stdio or streamable HTTP, offered
 * to an agent. Node-only (`rxadk/mcp`); needs `@modelcontextprotocol/sdk` installed.
 *
 * Lifecycle: the toolset opens ONE connection (one server process, or one HTTP session) on the
 * first {@link getTools}, lists the server's tools on every `getTools` (so a server that changes
 * its tools is seen at the next model call), runs every tool call on that same connection,
 * reconnects if the connection died, and releases it on {@link close}.
 *
 * @example
 * ```ts
 * import { LlmAgent, InMemoryRunner } from 'rxadk';
 * import { McpToolset } from 'rxadk/mcp';
 *
 * const everything = new McpToolset({
 *   connectionParams: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
 *   toolFilter: ['get-sum', 'echo'],
 *   toolTimeoutMs: 30_000, // optional: each call may take 30 s, then it is cancelled on the server
 * });
 * const agent = new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', tools: [everything] });
 * // ... run the agent with a Runner ...
 * everything.close().subscribe(); // ends the server process
 * ```
 */
export class McpToolset extends BaseToolset {
  readonly connectionParams: McpConnectionParams;
  readonly toolNamePrefix: string | undefined;
  /** The `timeoutMs` each of its tools gets ({@link McpToolsetOptions.toolTimeoutMs}). */
  readonly toolTimeoutMs: number | undefined;
  private readonly session: McpSessionManager;
  private readonly tools = new Map<string, { schema: string; tool: McpTool }>();

  constructor(options: McpToolsetOptions) {
    super(options.toolFilter ? { toolFilter: options.toolFilter } : {});
    checkConnectionParams(options.connectionParams);
    this.connectionParams = options.connectionParams;
    this.toolNamePrefix = options.toolNamePrefix || undefined;
    this.toolTimeoutMs = options.toolTimeoutMs;
    this.session = new McpSessionManager(options.connectionParams);
  }

  /** The server, as error messages name it (command line or URL). */
  get server(): string {
    return this.session.server;
  }

  /** True while the toolset holds an open (or opening) connection. */
  get connected(): boolean {
    return this.session.connected;
  }

  /** Connects if needed, lists the server's tools and keeps those that pass {@link toolFilter}. */
  getTools(ctx: ReadonlyContext): Observable<BaseTool[]> {
    return listMcpTools(this.session).pipe(
      catchError((error: unknown) => throwError(() => this.listError(error))),
      tap((listed) => this.forgetUnlisted(listed)),
      map((listed) => listed.map((mcpTool) => this.toolFor(mcpTool)).filter((tool) => this.isToolSelected(tool, ctx))),
    );
  }

  /** Ends the server process or HTTP session. The toolset can be used again: it reconnects. */
  override close(): Observable<void> {
    return this.session.close().pipe(tap(() => this.tools.clear()));
  }

  /** Name lists match the server's tool names, and the prefixed names too. */
  protected override isToolSelected(tool: BaseTool, ctx: ReadonlyContext): boolean {
    const filter = this.toolFilter;
    if (Array.isArray(filter) && tool instanceof McpTool) return filter.includes(tool.mcpName) || filter.includes(tool.name);
    return super.isToolSelected(tool, ctx);
  }

  /** The same tool object while the server lists the same schema (its argument validator is compiled once). */
  private toolFor(mcpTool: McpToolDescription): McpTool {
    const schema = JSON.stringify(mcpTool);
    const known = this.tools.get(mcpTool.name);
    if (known && known.schema === schema) return known.tool;
    const name = this.toolNamePrefix ? `${this.toolNamePrefix}_${mcpTool.name}` : mcpTool.name;
    const tool = new McpTool({
      mcpTool,
      session: this.session,
      name,
      ...(this.toolTimeoutMs !== undefined ? { timeoutMs: this.toolTimeoutMs } : {}),
    });
    this.tools.set(mcpTool.name, { schema, tool });
    return tool;
  }

  private forgetUnlisted(listed: McpToolDescription[]): void {
    const names = new Set(listed.map((t) => t.name));
    for (const name of this.tools.keys()) if (!names.has(name)) this.tools.delete(name);
  }

  private listError(error: unknown): Error {
    if (error instanceof RxadkError) return error;
    return new McpConnectionError({ server: this.session.server, operation: 'listTools', cause: error });
  }
}

/** Refuses connection params that can never work, at construction rather than at the first model call. */
function checkConnectionParams(params: McpConnectionParams | undefined): void {
  const given = (params ?? {}) as Partial<Record<'type' | 'command' | 'url', unknown>>;
  if (given.type === 'stdio') {
    if (typeof given.command === 'string' && given.command) return;
    throw new AgentConfigError('McpToolset: stdio connectionParams need a "command" (the executable that starts the MCP server).');
  }
  if (given.type === 'streamable-http') {
    if (typeof given.url === 'string' && URL.canParse(given.url)) return;
    throw new AgentConfigError(`McpToolset: streamable-http connectionParams need an absolute "url"; got ${JSON.stringify(given.url)}.`);
  }
  throw new AgentConfigError(
    `McpToolset: connectionParams.type must be "stdio" or "streamable-http"; got ${JSON.stringify(given.type)}. ` +
      'For ADK agent-config arguments (stdio_connection_params, ...) use mcpConnectionFromConfig(args).',
  );
}
