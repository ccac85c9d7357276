import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { McpConnectionError } from '../../lib/mcp/mcp-connection-error.js';
import { McpToolCallError } from '../../lib/mcp/mcp-tool-call-error.js';
import { McpToolset } from '../../lib/mcp/mcp-toolset.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { calls, text, user } from '../support/llm.js';
import { startStreamableHttpMcpServer, type StreamableHttpMcpServer } from '../fixtures/mcp/streamable-http-mcp-server.js';
import { eventually, readonlyContext, toolContext } from './mcp-test-kit.js';

describe('McpToolset over streamable HTTP', () => {
  let server: StreamableHttpMcpServer;
  let toolset: McpToolset;
  const ctx = readonlyContext();

  beforeAll(async () => {
    server = await startStreamableHttpMcpServer();
    toolset = new McpToolset({ connectionParams: { type: 'streamable-http', url: server.url, headers: { 'x-test-header': 'rxadk' } } });
  });

  afterAll(async () => {
    await firstValueFrom(toolset.close());
    await server.close();
  });

  const tool = async (name: string) => (await firstValueFrom(toolset.getTools(ctx))).find((t) => t.name === name)!;

  it('lists the server tools as declarations', async () => {
    const tools = await firstValueFrom(toolset.getTools(ctx));
    expect(tools.map((t) => t.name)).toEqual(['add', 'echo', 'sleep', 'report-failure', 'explode']);
    expect(tools[0]!.getDeclaration()).toEqual({
      name: 'add',
      description: 'Adds two numbers',
      parameters: {
        type: 'OBJECT',
        properties: { a: { type: 'NUMBER', description: 'First number' }, b: { type: 'NUMBER', description: 'Second number' } },
        required: ['a', 'b'],
      },
    });
  });

  it('calls a tool and returns the CallToolResult as plain JSON, with isError: false', async () => {
    const add = await tool('add');
    expect(await firstValueFrom(add.runAsync({ a: 5, b: 7 }, toolContext()))).toEqual({
      content: [{ type: 'text', text: 'The sum of 5 and 7 is 12.' }],
      isError: false,
    });
  });

  it('uses one HTTP session for every list and call, and sends the configured headers', async () => {
    const echo = await tool('echo');
    await firstValueFrom(echo.runAsync({ message: 'one' }, toolContext()));
    await firstValueFrom(echo.runAsync({ message: 'two' }, toolContext()));
    await firstValueFrom(toolset.getTools(ctx));
    expect(server.stats.sessionsOpened).toBe(1);
    expect(server.stats.calls).toEqual(expect.arrayContaining(['echo({"message":"one"})', 'echo({"message":"two"})']));
    expect(new Set(server.stats.headers)).toEqual(new Set(['rxadk']));
  });

  it('passes a result with isError: true to the caller as it is', async () => {
    const failing = await tool('report-failure');
    expect(await firstValueFrom(failing.runAsync({}, toolContext()))).toEqual({
      content: [{ type: 'text', text: 'the widget is broken' }],
      isError: true,
    });
  });

  it('turns a JSON-RPC error into an McpToolCallError naming the tool and the URL', async () => {
    const explode = await tool('explode');
    const error = await firstValueFrom(explode.runAsync({}, toolContext())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpToolCallError);
    expect((error as McpToolCallError).toolName).toBe('explode');
    expect((error as Error).message).toBe(`MCP server ${server.url} (streamable HTTP) could not run tool "explode": MCP error -32603: kaboom`);
  });

  it('gives the model {error: "<tool> failed: ..."} when a call fails in an agent run', async () => {
    const model = new ScriptedLlm([calls({ name: 'explode', args: {} }), text('It failed.')]);
    const agent = new LlmAgent({ name: 'assistant', model, tools: [toolset] });
    const runner = new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
    const events = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('Explode.') }).pipe(toArray()));
    const response = events.flatMap((e) => e.content?.parts ?? []).find((p) => p.functionResponse)!.functionResponse!.response;
    expect(response).toEqual({ error: `explode failed: MCP server ${server.url} (streamable HTTP) could not run tool "explode": MCP error -32603: kaboom` });
  });

  it('cancels the call on the server when the subscriber leaves', async () => {
    const sleep = await tool('sleep');
    const subscription = sleep.runAsync({ ms: 600_000 }, toolContext()).subscribe();
    expect(await eventually(() => server.stats.calls.includes('sleep({"ms":600000})'))).toBe(true);
    subscription.unsubscribe();
    expect(await eventually(() => server.stats.cancelled.length > 0)).toBe(true);
    expect(server.stats.cancelled).toEqual(['sleep({"ms":600000})']);
  });

  it('close() ends the HTTP session on the server; the next use opens a new one', async () => {
    await firstValueFrom(toolset.getTools(ctx));
    const opened = server.stats.sessionsOpened;
    await firstValueFrom(toolset.close());
    expect(server.stats.sessionsClosed).toBe(opened);
    expect(toolset.connected).toBe(false);
    await firstValueFrom(toolset.getTools(ctx));
    expect(server.stats.sessionsOpened).toBe(opened + 1);
  });
});

describe('McpToolset over streamable HTTP: a server that is not there', () => {
  it('fails getTools with an McpConnectionError naming the URL', async () => {
    const gone = await startStreamableHttpMcpServer();
    await gone.close();
    const toolset = new McpToolset({ connectionParams: { type: 'streamable-http', url: `${gone.url}?token=secret` } });
    const error = await firstValueFrom(toolset.getTools(readonlyContext())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpConnectionError);
    expect((error as Error).message).toContain(`Could not connect to MCP server ${gone.url} (streamable HTTP): fetch failed (connect ECONNREFUSED`);
    expect((error as Error).message).not.toContain('secret');
    await firstValueFrom(toolset.close());
  });
});
