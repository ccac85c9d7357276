import { AgentConfigError } from '../utils/errors.js';
import { mcpConnectionFromConfig } from './mcp-connection-from-config.js';
import type { McpToolsetOptions } from './mcp-toolset.js';

/**
 * Reads all of an `McpToolset`'s ADK agent-config arguments into {@link McpToolsetOptions}: the
 * connection ({@link mcpConnectionFromConfig}), `tool_filter` (a list of tool names) and
 * `tool_name_prefix`. A config loader builds the toolset with `new McpToolset(options)`.
 *
 * @example
 * ```ts
 * const options = mcpToolsetOptionsFromConfig({
 *   stdio_connection_params: { server_params: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } },
 *   tool_filter: ['get-sum', 'echo'],
 * });
 * const toolset = new McpToolset(options);
 * ```
 */
export function mcpToolsetOptionsFromConfig(args: Record<string, unknown>): McpToolsetOptions {
  const filter = args['tool_filter'];
  const prefix = args['tool_name_prefix'];
  if (filter !== undefined && filter !== null && !(Array.isArray(filter) && filter.every((name) => typeof name === 'string'))) {
    throw new AgentConfigError('McpToolset: tool_filter must be a list of tool names.');
  }
  if (prefix !== undefined && prefix !== null && typeof prefix !== 'string') {
    throw new AgentConfigError('McpToolset: tool_name_prefix must be a string.');
  }
  return {
    connectionParams: mcpConnectionFromConfig(args),
    ...(Array.isArray(filter) ? { toolFilter: filter as string[] } : {}),
    ...(typeof prefix === 'string' && prefix ? { toolNamePrefix: prefix } : {}),
  };
}
