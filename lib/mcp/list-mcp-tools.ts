import { EMPTY, expand, type Observable, reduce } from 'rxjs';
import type { McpToolDescription } from './mcp-sdk-types.js';
import type { McpSessionManager } from './mcp-session-manager.js';

/**
 * Lists every tool of the server, following `nextCursor` pages, as one array.
 *
 * @example
 * ```ts
 * listMcpTools(new McpSessionManager(params)).subscribe((tools) => console.log(tools.map((t) => t.name)));
 * ```
 */
export function listMcpTools(session: McpSessionManager): Observable<McpToolDescription[]> {
  const page = (cursor?: string) => session.request((client, options) => client.listTools(cursor ? { cursor } : undefined, options));
  return page().pipe(
    expand((result) => (result.nextCursor ? page(result.nextCursor) : EMPTY)),
    reduce((all, result) => all.concat(result.tools), [] as McpToolDescription[]),
  );
}
