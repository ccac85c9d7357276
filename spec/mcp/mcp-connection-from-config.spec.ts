import { mcpConnectionFromConfig } from '../../lib/mcp/mcp-connection-from-config.js';
import { mcpToolsetFromConfig } from '../../lib/mcp/mcp-toolset-from-config.js';
import { mcpToolsetOptionsFromConfig } from '../../lib/mcp/mcp-toolset-options-from-config.js';
import { McpToolset } from '../../lib/mcp/mcp-toolset.js';
import { AgentConfigError } from '../../lib/utils/errors.js';
import { recordedToolsetArgs } from './mcp-test-kit.js';

describe('ADK agent-config arguments of McpToolset', () => {
  it('reads the stdio_connection_params of the conformance agent tools_agent_006', () => {
    expect(mcpConnectionFromConfig(recordedToolsetArgs())).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything'],
      timeoutMs: 30000,
    });
    expect(mcpToolsetOptionsFromConfig(recordedToolsetArgs()).toolFilter).toEqual(['get-sum', 'echo', 'trigger-long-running-operation']);
  });

  it('reads stdio_server_params (older form) with env and cwd', () => {
    expect(mcpConnectionFromConfig({ stdio_server_params: { command: 'node', args: ['server.js'], env: { PORT: 8080 }, cwd: '/srv' } })).toEqual({
      type: 'stdio',
      command: 'node',
      args: ['server.js'],
      env: { PORT: '8080' },
      cwd: '/srv',
    });
  });

  it('reads streamable_http_connection_params with headers and a timeout in seconds', () => {
    expect(
      mcpConnectionFromConfig({ streamable_http_connection_params: { url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer t' }, timeout: 2.5 } }),
    ).toEqual({ type: 'streamable-http', url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer t' }, timeoutMs: 2500 });
  });

  it('builds a toolset with filter and prefix, without connecting', () => {
    const toolset = mcpToolsetFromConfig({ ...recordedToolsetArgs(), tool_name_prefix: 'demo' });
    expect(toolset).toBeInstanceOf(McpToolset);
    expect(toolset.toolFilter).toEqual(['get-sum', 'echo', 'trigger-long-running-operation']);
    expect(toolset.toolNamePrefix).toBe('demo');
    expect(toolset.connected).toBe(false);
  });

  it('names the key that is wrong', () => {
    expect(() => mcpConnectionFromConfig({ tool_filter: ['x'] })).toThrow(
      new AgentConfigError(
        'McpToolset: its args need one of stdio_connection_params, stdio_server_params or streamable_http_connection_params; got tool_filter.',
      ),
    );
    expect(() => mcpConnectionFromConfig({ sse_connection_params: { url: 'http://x/sse' } })).toThrow(/sse_connection_params .* is not supported/);
    expect(() => mcpConnectionFromConfig({ stdio_connection_params: { server_params: { args: [] } } })).toThrow(
      'McpToolset: stdio_connection_params.server_params.command must be a non-empty string.',
    );
    expect(() => mcpConnectionFromConfig({ stdio_connection_params: { command: 'npx' } })).toThrow(/server_params is missing/);
    expect(() => mcpConnectionFromConfig({ stdio_connection_params: { server_params: { command: 'npx' }, timeout: 'soon' } })).toThrow(
      'McpToolset: stdio_connection_params.timeout must be a positive number of seconds.',
    );
    expect(() => mcpToolsetOptionsFromConfig({ ...recordedToolsetArgs(), tool_filter: 'get-sum' })).toThrow('McpToolset: tool_filter must be a list of tool names.');
  });
});
