import { AgentConfigError } from '../utils/errors.js';
import type { McpConnectionParams } from './mcp-connection-params.js';

type ConfigObject = Record<string, unknown>;

/**
 * Reads the connection of an `McpToolset` from Google ADK's agent-config arguments (snake_case,
 * as in `root_agent.yaml`), into {@link McpConnectionParams}:
 *
 * - `stdio_connection_params: {server_params: {command, args?, env?, cwd?}, timeout?}` (seconds)
 * - `stdio_server_params: {command, args?, env?, cwd?}` (ADK's older form)
 * - `streamable_http_connection_params: {url, headers?, timeout?}` (seconds)
 *
 * Anything else (including `sse_connection_params`, which rxadk does not support) is an
 * {@link AgentConfigError} naming the key.
 *
 * @example
 * ```ts
 * mcpConnectionFromConfig({
 *   stdio_connection_params: { timeout: 30, server_params: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } },
 * });
 * // { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], timeoutMs: 30000 }
 * ```
 */
export function mcpConnectionFromConfig(args: ConfigObject): McpConnectionParams {
  if (isObject(args['stdio_connection_params'])) return fromStdioConnection(args['stdio_connection_params']);
  if (isObject(args['stdio_server_params'])) return fromServerParams(args['stdio_server_params'], 'stdio_server_params');
  if (isObject(args['streamable_http_connection_params'])) return fromHttpConnection(args['streamable_http_connection_params']);
  if (args['sse_connection_params'] !== undefined) {
    throw new AgentConfigError(
      'McpToolset: sse_connection_params (the deprecated HTTP+SSE transport) is not supported; ' +
        'use streamable_http_connection_params with the server\'s streamable HTTP endpoint.',
    );
  }
  throw new AgentConfigError(
    'McpToolset: its args need one of stdio_connection_params, stdio_server_params or streamable_http_connection_params; ' +
      `got ${Object.keys(args).length ? Object.keys(args).join(', ') : 'none'}.`,
  );
}

function fromStdioConnection(connection: ConfigObject): McpConnectionParams {
  if (!isObject(connection['server_params'])) {
    throw new AgentConfigError('McpToolset: stdio_connection_params.server_params is missing (it holds command and args).');
  }
  return {
    ...fromServerParams(connection['server_params'], 'stdio_connection_params.server_params'),
    ...timeoutOf(connection, 'stdio_connection_params'),
  };
}

function fromServerParams(server: ConfigObject, key: string): McpConnectionParams {
  const command = server['command'];
  if (typeof command !== 'string' || !command) throw new AgentConfigError(`McpToolset: ${key}.command must be a non-empty string.`);
  return {
    type: 'stdio',
    command,
    ...(server['args'] !== undefined ? { args: stringList(server['args'], `${key}.args`) } : {}),
    ...(server['env'] !== undefined && server['env'] !== null ? { env: stringMap(server['env'], `${key}.env`) } : {}),
    ...(typeof server['cwd'] === 'string' ? { cwd: server['cwd'] } : {}),
  };
}

function fromHttpConnection(connection: ConfigObject): McpConnectionParams {
  const url = connection['url'];
  if (typeof url !== 'string' || !url) {
    throw new AgentConfigError('McpToolset: streamable_http_connection_params.url must be a non-empty string.');
  }
  return {
    type: 'streamable-http',
    url,
    ...(connection['headers'] !== undefined && connection['headers'] !== null
      ? { headers: stringMap(connection['headers'], 'streamable_http_connection_params.headers') }
      : {}),
    ...timeoutOf(connection, 'streamable_http_connection_params'),
  };
}

function timeoutOf(connection: ConfigObject, key: string): { timeoutMs?: number } {
  const seconds = connection['timeout'];
  if (seconds === undefined || seconds === null) return {};
  if (typeof seconds !== 'number' || !(seconds > 0)) throw new AgentConfigError(`McpToolset: ${key}.timeout must be a positive number of seconds.`);
  return { timeoutMs: Math.round(seconds * 1000) };
}

function stringList(value: unknown, key: string): string[] {
  if (!Array.isArray(value)) throw new AgentConfigError(`McpToolset: ${key} must be a list of strings.`);
  return value.map(String);
}

function stringMap(value: unknown, key: string): Record<string, string> {
  if (!isObject(value)) throw new AgentConfigError(`McpToolset: ${key} must be a map of strings.`);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

function isObject(value: unknown): value is ConfigObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
