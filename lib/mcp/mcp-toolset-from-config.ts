import { McpToolset } from './mcp-toolset.js';
import { mcpToolsetOptionsFromConfig } from './mcp-toolset-options-from-config.js';

/**
 * Builds an {@link McpToolset} from Google ADK's agent-config arguments (the `args` of a
 * `{name: McpToolset, args: {...}}` entry in `root_agent.yaml`); see
 * {@link mcpToolsetOptionsFromConfig} for the keys it reads. Nothing connects until the agent
 * first lists its tools.
 *
 * @example
 * ```ts
 * const toolset = mcpToolsetFromConfig({
 *   stdio_connection_params: { timeout: 30, server_params: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } },
 *   tool_filter: ['get-sum', 'echo', 'trigger-long-running-operation'],
 * });
 * ```
 */
export function mcpToolsetFromConfig(args: Record<string, unknown>): McpToolset {
  return new McpToolset(mcpToolsetOptionsFromConfig(args));
}
