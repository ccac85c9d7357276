import { RxadkError } from '../utils/errors.js';
import { errorMessageOf } from './error-message-of.js';

/**
 * A call to an MCP tool failed at the protocol level (the server answered with a JSON-RPC error,
 * the connection dropped, the request timed out or was cancelled). A tool that ran and reported a
 * failure is not an error: its result has `isError: true` and goes to the model as it is.
 *
 * In an agent run, the LLM flow turns this error into the reply
 * `{error: "<tool> failed: <message>"}` (SPEC §7.2).
 *
 * @example
 * ```ts
 * tool.runAsync({ a: 1 }, ctx).subscribe({
 *   error: (e) => e instanceof McpToolCallError && console.error(e.toolName, e.server, e.message),
 * });
 * ```
 */
export class McpToolCallError extends RxadkError {
  /** The tool's name on the server. */
  readonly toolName: string;
  /** The server, as {@link describeMcpServer} names it. */
  readonly server: string;

  constructor(fields: { toolName: string; server: string; cause: unknown }) {
    const reason = errorMessageOf(fields.cause);
    super('MCP_TOOL_CALL_ERROR', `MCP server ${fields.server} could not run tool "${fields.toolName}": ${reason}`, {
      cause: fields.cause,
    });
    this.toolName = fields.toolName;
    this.server = fields.server;
  }
}
