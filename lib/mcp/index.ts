// rxadk/mcp — MCP (Model Context Protocol) toolsets (Node only; needs `@modelcontextprotocol/sdk`).
export { McpToolset, type McpToolsetOptions } from './mcp-toolset.js';
export { McpTool, type McpToolInit } from './mcp-tool.js';
export type { McpConnectionParams, McpStdioConnectionParams, McpStreamableHttpConnectionParams } from './mcp-connection-params.js';
export { mcpConnectionFromConfig } from './mcp-connection-from-config.js';
export { mcpToolsetOptionsFromConfig } from './mcp-toolset-options-from-config.js';
export { mcpToolsetFromConfig } from './mcp-toolset-from-config.js';
export { McpConnectionError, type McpConnectionOperation } from './mcp-connection-error.js';
export { McpToolCallError } from './mcp-tool-call-error.js';
export { McpSessionManager, MCP_CLIENT_INFO } from './mcp-session-manager.js';
export type { McpClient, McpRequestOptions, McpToolDescription } from './mcp-sdk-types.js';
export { describeMcpServer } from './describe-mcp-server.js';
export { MissingDriverError } from '../utils/missing-driver-error.js';
