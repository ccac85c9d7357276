import { firstValueFrom } from 'rxjs';
import { McpConnectionError } from '../../lib/mcp/mcp-connection-error.js';
import { McpToolset } from '../../lib/mcp/mcp-toolset.js';
import { describeMcpServer } from '../../lib/mcp/describe-mcp-server.js';
import { AgentConfigError } from '../../lib/utils/errors.js';
import type { McpConnectionParams } from '../../lib/mcp/mcp-connection-params.js';
import { descendants, readonlyContext } from './mcp-test-kit.js';

async function getToolsError(params: McpConnectionParams): Promise<McpConnectionError> {
  const toolset = new McpToolset({ connectionParams: params });
  try {
    const error = await firstValueFrom(toolset.getTools(readonlyContext())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpConnectionError);
    return error as McpConnectionError;
  } finally {
    await firstValueFrom(toolset.close());
  }
}

describe('McpToolset: servers that cannot start', () => {
  it('names the command when it does not exist', async () => {
    const error = await getToolsError({ type: 'stdio', command: 'rxadk-no-such-mcp-server', args: ['--stdio'] });
    expect(error.operation).toBe('connect');
    expect(error.server).toBe('"rxadk-no-such-mcp-server --stdio" (stdio)');
    expect(error.message).toMatch(/^Could not connect to MCP server "rxadk-no-such-mcp-server --stdio" \(stdio\): spawn rxadk-no-such-mcp-server ENOENT\./);
  });

  it('quotes the end of the stderr of a server that exits at once', async () => {
    const error = await getToolsError({
      type: 'stdio',
      command: process.execPath,
      args: ['-e', 'console.error("fatal: MCP_API_KEY is not set"); process.exit(3)'],
    });
    expect(error.message).toContain(`Could not connect to MCP server "${process.execPath} -e`);
    expect(error.stderr).toBe('fatal: MCP_API_KEY is not set');
    expect(error.message).toMatch(/The server's stderr ended with:\nfatal: MCP_API_KEY is not set$/);
    expect(descendants(/MCP_API_KEY/)).toEqual([]);
  });

  it('rejects connection params it cannot use at construction', () => {
    expect(() => new McpToolset({ connectionParams: { type: 'stdio', command: '' } })).toThrow(AgentConfigError);
    expect(() => new McpToolset({ connectionParams: { type: 'streamable-http', url: 'not a url' } })).toThrow(
      'McpToolset: streamable-http connectionParams need an absolute "url"; got "not a url".',
    );
    expect(() => new McpToolset({ connectionParams: { stdio_connection_params: {} } as unknown as McpConnectionParams })).toThrow(
      /connectionParams.type must be "stdio" or "streamable-http"; got undefined\. For ADK agent-config arguments .* use mcpConnectionFromConfig\(args\)/,
    );
  });

  it('describes servers without leaking credentials', () => {
    expect(describeMcpServer({ type: 'stdio', command: 'uvx', args: ['mcp-server-time'] })).toBe('"uvx mcp-server-time" (stdio)');
    expect(describeMcpServer({ type: 'streamable-http', url: 'https://user:pw@tools.example.com/mcp?key=s3cret', headers: { Authorization: 'x' } })).toBe(
      'https://tools.example.com/mcp (streamable HTTP)',
    );
  });
});
