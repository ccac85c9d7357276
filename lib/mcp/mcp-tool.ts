import type { FunctionDeclaration } from '@google/genai';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { catchError, defer, finalize, map, type Observable, tap, throwError } from 'rxjs';
import type { ToolContext } from '../context/tool-context.js';
import { BaseTool } from '../tools/base-tool.js';
import { toGeminiSchema, type JsonSchema } from '../tools/to-gemini-schema.js';
import { toolTimeoutOf } from '../tools/tool-timeout.js';
import { type ArgumentValidator, compileArgumentValidator } from '../tools/validate-arguments.js';
import { RxadkError } from '../utils/errors.js';
import type { McpToolDescription } from './mcp-sdk-types.js';
import type { McpSessionManager } from './mcp-session-manager.js';
import { McpToolCallError } from './mcp-tool-call-error.js';

/** What an {@link McpTool} is built from. */
export interface McpToolInit {
  /** The tool as the server listed it (`name`, `description`, `inputSchema`, ...). */
  mcpTool: McpToolDescription;
  /** The connection of the toolset that listed it. */
  session: McpSessionManager;
  /** The name the model sees (default: the server's name; a toolset's prefix changes it). */
  name?: string;
  /**
   * Milliseconds one call may take ({@link BaseTool.timeoutMs}; wins over `RunConfig.toolTimeoutMs`).
   * Default: the run's setting. See {@link McpTool} for how it reaches the server.
   */
  timeoutMs?: number;
}

/**
 * One tool of an MCP server, as an agent sees it. Its declaration comes from the server's
 * `name`, `description` and `inputSchema` (converted to a Gemini schema); the model's arguments
 * are validated against `inputSchema` before anything is sent; {@link runAsync} calls the tool on
 * the toolset's shared connection and emits the `CallToolResult` as plain JSON, the way ADK Python
 * returns it: `{content: [{type: 'text', text: '...'}], isError: false}`. A result with
 * `isError: true` goes to the model as it is; a protocol failure is an {@link McpToolCallError}.
 * The call is cancelled (`notifications/cancelled`) when `ctx.abortSignal` fires (the run is
 * cancelled, or the call's timeout expired) or the subscriber unsubscribes; the call then fails
 * at once with an {@link McpToolCallError}.
 *
 * Timeouts: when a tool timeout applies ({@link timeoutMs}, else the run's
 * `RunConfig.toolTimeoutMs`: see `toolTimeoutOf`), it is also the MCP SDK's request timeout of
 * the call, so that a tool allowed more than the connection's `timeoutMs` (default: the SDK's
 * 60 s) is not cut short by it, and a call run outside a Runner times out too. Without one, the
 * connection's `timeoutMs` applies.
 *
 * Tools come from {@link McpToolset.getTools}; you rarely build one yourself.
 *
 * @example
 * ```ts
 * const [getSum] = await firstValueFrom(toolset.getTools(ctx));
 * getSum.getDeclaration();   // { name: 'get-sum', description: '...', parameters: { type: 'OBJECT', ... } }
 * getSum.runAsync({ a: 5, b: 7 }, toolContext).subscribe(console.log);
 * // { content: [{ type: 'text', text: 'The sum of 5 and 7 is 12.' }], isError: false }
 * ```
 */
export class McpTool extends BaseTool {
  readonly mcpTool: McpToolDescription;
  private readonly session: McpSessionManager;
  private validator: ArgumentValidator | undefined;

  constructor(init: McpToolInit) {
    super({
      name: init.name ?? init.mcpTool.name,
      description: init.mcpTool.description ?? '',
      ...(init.timeoutMs !== undefined ? { timeoutMs: init.timeoutMs } : {}),
    });
    this.mcpTool = init.mcpTool;
    this.session = init.session;
  }

  /** The tool's name on the server (the declared {@link name} may carry a toolset prefix). */
  get mcpName(): string {
    return this.mcpTool.name;
  }

  override getDeclaration(): FunctionDeclaration {
    return { name: this.name, description: this.description, parameters: toGeminiSchema(this.mcpTool.inputSchema as JsonSchema) };
  }

  /**
   * Why `args` do not match the tool's `inputSchema`, or `undefined` when they do (or when the
   * schema cannot be compiled; the server then validates).
   */
  validateArguments(args: Record<string, unknown>): string | undefined {
    this.validator ??= compileOrSkip(this.mcpTool.inputSchema as JsonSchema);
    return this.validator(args);
  }

  override runAsync(args: Record<string, unknown>, ctx: ToolContext): Observable<Record<string, unknown>> {
    return defer(() => {
      const call = new CallCancellation(ctx.abortSignal);
      const timeoutMs = toolTimeoutOf(this, ctx.invocation.runConfig);
      return this.session
        .request((client, options) => client.callTool({ name: this.mcpName, arguments: args }, undefined, options), call.signal, timeoutMs)
        .pipe(
          tap({ next: () => call.answered(), error: () => call.answered() }),
          map((result) => toPlainToolResult(result as CallToolResult)),
          catchError((error: unknown) => throwError(() => this.callError(error))),
          finalize(() => call.settle()),
        );
    });
  }

  private callError(error: unknown): Error {
    if (error instanceof RxadkError) return error;
    return new McpToolCallError({ toolName: this.mcpName, server: this.session.server, cause: error });
  }
}

/**
 * The signal of one call: it fires when the tool context's signal fires, or when the subscriber
 * leaves before the server answered. Once the call is answered it is detached from the context's
 * signal, so a run that ends later does not cancel a call that already finished (the SDK keeps
 * its abort listener for the signal's lifetime).
 */
class CallCancellation {
  private readonly controller = new AbortController();
  private done = false;
  private readonly onParentAbort = (): void => this.controller.abort(this.parent.reason);

  constructor(private readonly parent: AbortSignal) {
    if (parent.aborted) this.onParentAbort();
    else parent.addEventListener('abort', this.onParentAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The server answered (or the call failed): nothing to cancel any more. */
  answered(): void {
    this.done = true;
  }

  /** The subscription ended: cancel the call if it is still waiting for the server. */
  settle(): void {
    this.parent.removeEventListener('abort', this.onParentAbort);
    if (!this.done) this.controller.abort(new Error('The tool call was unsubscribed before the server answered.'));
  }
}

function compileOrSkip(schema: JsonSchema): ArgumentValidator {
  try {
    return compileArgumentValidator(schema);
  } catch {
    return () => undefined;
  }
}

/**
 * The result as plain JSON, shaped like ADK Python's `CallToolResult.model_dump(exclude_none=True)`:
 * `content` always present, `isError` defaulting to `false`.
 */
function toPlainToolResult(result: CallToolResult): Record<string, unknown> {
  const plain = JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
  return { ...plain, content: plain['content'] ?? [], isError: plain['isError'] ?? false };
}
