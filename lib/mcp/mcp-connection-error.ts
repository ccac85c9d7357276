import { RxadkError } from '../utils/errors.js';
import { errorMessageOf } from './error-message-of.js';

/**
 * What the toolset was doing when the server failed it.
 *
 * @example
 * ```ts
 * const op: McpConnectionOperation = error.operation; // 'connect' | 'listTools'
 * ```
 */
export type McpConnectionOperation = 'connect' | 'listTools';

/**
 * An MCP server could not be reached: the process did not start or exited, the URL did not
 * answer, the handshake failed, or listing its tools failed. The message names the server (its
 * command line or URL) and, for a stdio server, ends with the last lines it wrote to stderr.
 *
 * @example
 * ```ts
 * toolset.getTools(ctx).subscribe({
 *   error: (e) => {
 *     if (e instanceof McpConnectionError) console.error(e.server, e.stderr);
 *   },
 * });
 * ```
 */
export class McpConnectionError extends RxadkError {
  /** The server, as {@link describeMcpServer} names it. */
  readonly server: string;
  readonly operation: McpConnectionOperation;
  /** The end of the server's stderr (stdio servers with `stderr: 'pipe'`), or `''`. */
  readonly stderr: string;

  constructor(fields: { server: string; operation: McpConnectionOperation; cause: unknown; stderr?: string }) {
    const reason = errorMessageOf(fields.cause);
    const stderr = fields.stderr?.trim() ?? '';
    super(
      'MCP_CONNECTION_ERROR',
      `${fields.operation === 'connect' ? 'Could not connect to' : 'Could not list the tools of'} MCP server ${fields.server}: ${reason}. ` +
        (fields.operation === 'connect'
          ? 'Check that the command (or URL) is right and that it starts an MCP server.'
          : 'Check that the server is still running.') +
        (stderr ? `\nThe server's stderr ended with:\n${stderr}` : ''),
      { cause: fields.cause },
    );
    this.server = fields.server;
    this.operation = fields.operation;
    this.stderr = stderr;
  }
}
