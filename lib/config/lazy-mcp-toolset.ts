import { concatMap, defer, from, type Observable, of, shareReplay } from 'rxjs';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { BaseTool } from '../tools/base-tool.js';
import { BaseToolset } from '../tools/base-toolset.js';

/**
 * An `McpToolset` from an agent config, loaded on first use: `rxadk/mcp` (and its optional peer
 * `@modelcontextprotocol/sdk`) is imported only when the agent first lists its tools, so configs
 * without MCP never need the SDK.
 *
 * @example
 * ```ts
 * new LazyMcpToolset({ stdio_connection_params: { server_params: { command: 'npx', args: ['-y', 'server'] } }, tool_filter: ['echo'] });
 * ```
 */
export class LazyMcpToolset extends BaseToolset {
  private loaded: BaseToolset | undefined;
  private readonly toolset$: Observable<BaseToolset>;

  constructor(args: Record<string, unknown>) {
    super();
    this.toolset$ = defer(() => from(import('../mcp/index.js'))).pipe(
      concatMap((mcp) => of((this.loaded = mcp.mcpToolsetFromConfig(args)))),
      shareReplay(1),
    );
  }

  getTools(ctx: ReadonlyContext): Observable<BaseTool[]> {
    return this.toolset$.pipe(concatMap((toolset) => toolset.getTools(ctx)));
  }

  override close(): Observable<void> {
    return this.loaded ? this.loaded.close() : of(undefined);
  }
}
