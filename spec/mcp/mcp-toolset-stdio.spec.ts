import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { Event } from '../../lib/events/event.js';
import { McpTool } from '../../lib/mcp/mcp-tool.js';
import { McpToolCallError } from '../../lib/mcp/mcp-tool-call-error.js';
import { McpToolset } from '../../lib/mcp/mcp-toolset.js';
import { mcpToolsetFromConfig } from '../../lib/mcp/mcp-toolset-from-config.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { calls, text, user } from '../support/llm.js';
import {
  eventually,
  EVERYTHING,
  EVERYTHING_BY_NODE,
  everythingServers,
  normaliseDeclaration,
  readonlyContext,
  recordedDeclarations,
  recordedToolCall,
  recordedToolsetArgs,
  spyOnStdioMessages,
  toolContext,
} from './mcp-test-kit.js';

const RECORDED_TOOLS = ['echo', 'get-sum', 'trigger-long-running-operation'];

/**
 * The descriptions of @modelcontextprotocol/server-everything@2026.1.14, where the mcp_001
 * recording has others. No published version has both the recorded names and the recorded
 * descriptions (see docs/mcp.md, "The conformance case mcp_001").
 */
const SERVER_DESCRIPTIONS: Record<string, [recorded: string, server: string]> = {
  echo: ['Echoes back the input', 'Echoes back the input string'],
  'get-sum': ['Adds two numbers', 'Returns the sum of two numbers'],
  'trigger-long-running-operation': [
    'Demonstrates a long running operation with progress updates',
    'Demonstrates a long running operation with progress updates.',
  ],
};

function withoutDescription(declaration: Record<string, unknown>) {
  const { description: _ignored, ...rest } = declaration;
  return normaliseDeclaration(rest);
}

function runTurn(runner: InMemoryRunner, message: string): Promise<Event[]> {
  return lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user(message) }).pipe(toArray()));
}

function functionResponses(events: Event[]) {
  return events.flatMap((e) => e.content?.parts ?? []).flatMap((p) => (p.functionResponse ? [p.functionResponse] : []));
}

describe('McpToolset over stdio (@modelcontextprotocol/server-everything, started by node)', () => {
  // node itself, not npx: npx costs about 2 s of CPU per start (this suite starts two servers
  // here); the config-built and the process-tree tests below start theirs with npx, as users do
  const toolset = new McpToolset({ connectionParams: EVERYTHING_BY_NODE, toolFilter: RECORDED_TOOLS });
  const ctx = readonlyContext();

  // The server starts here, not inside a test.
  beforeAll(() => firstValueFrom(toolset.getTools(ctx)));
  afterAll(() => firstValueFrom(toolset.close()));

  it('declares the tools as ADK Python did in mcp_001 (names, parameters, required)', async () => {
    const tools = await firstValueFrom(toolset.getTools(ctx));
    const declarations = tools.map((t) => t.getDeclaration() as unknown as Record<string, unknown>);
    expect(tools.map((t) => t.name)).toEqual(RECORDED_TOOLS);
    expect(declarations.map(withoutDescription)).toEqual(recordedDeclarations().map(withoutDescription));
    expect(declarations.find((d) => d['name'] === 'get-sum')).toEqual({
      name: 'get-sum',
      description: SERVER_DESCRIPTIONS['get-sum']![1],
      parameters: {
        type: 'OBJECT',
        properties: { a: { type: 'NUMBER', description: 'First number' }, b: { type: 'NUMBER', description: 'Second number' } },
        required: ['a', 'b'],
      },
    });
  });

  it('differs from the recording only in the three descriptions (a known server/recording mismatch)', async () => {
    const tools = await firstValueFrom(toolset.getTools(ctx));
    const recorded = Object.fromEntries(recordedDeclarations().map((d) => [d['name'], d['description']]));
    for (const tool of tools) {
      expect([recorded[tool.name], tool.description]).toEqual(SERVER_DESCRIPTIONS[tool.name]);
    }
  });

  it('calls get-sum and returns exactly the recorded CallToolResult', async () => {
    const recording = recordedToolCall();
    const tools = await firstValueFrom(toolset.getTools(ctx));
    const getSum = tools.find((t) => t.name === recording.tool_call.name)!;
    const result = await firstValueFrom(getSum.runAsync(recording.tool_call.args, toolContext()));
    expect(result).toEqual(recording.tool_response.response);
    expect(result).toEqual({ content: [{ type: 'text', text: 'The sum of 5 and 7 is 12.' }], isError: false });
  });

  it('keeps one server process across getTools calls and tool calls', async () => {
    await firstValueFrom(toolset.getTools(ctx));
    const [first] = everythingServers();
    const [echo] = (await firstValueFrom(toolset.getTools(ctx))).filter((t) => t.name === 'echo');
    const replies = [
      await firstValueFrom(echo!.runAsync({ message: 'one' }, toolContext())),
      await firstValueFrom(echo!.runAsync({ message: 'two' }, toolContext())),
    ];
    expect(replies.map((r) => (r as { content: Array<{ text: string }> }).content[0]!.text)).toEqual(['Echo: one', 'Echo: two']);
    expect(first).toBeDefined();
    expect(everythingServers()).toEqual([first]);
  });

  it('validates arguments against the inputSchema without calling the server', async () => {
    const getSum = (await firstValueFrom(toolset.getTools(ctx))).find((t) => t.name === 'get-sum') as McpTool;
    expect(getSum.validateArguments({ a: 5, b: 7 })).toBeUndefined();
    expect(getSum.validateArguments({ a: 'five' })).toBe("(arguments) must have required property 'b'; /a must be number");
  });

  it('reconnects with a new process when the server died', async () => {
    await firstValueFrom(toolset.getTools(ctx));
    const [before] = everythingServers();
    process.kill(before!, 'SIGKILL');
    expect(await eventually(() => !toolset.connected)).toBe(true);
    const tools = await firstValueFrom(toolset.getTools(ctx));
    const after = everythingServers();
    expect(tools.map((t) => t.name)).toEqual(RECORDED_TOOLS);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  });
});

describe('McpToolset tool filter and prefix (everything server)', () => {
  const predicate = new McpToolset({ connectionParams: EVERYTHING_BY_NODE, toolFilter: (tool) => tool.name.startsWith('get-') });
  const prefixed = new McpToolset({ connectionParams: EVERYTHING_BY_NODE, toolFilter: ['get-sum'], toolNamePrefix: 'everything' });
  const all = new McpToolset({ connectionParams: EVERYTHING_BY_NODE });
  const ctx = readonlyContext();

  // The three servers start together here, none inside a test.
  beforeAll(() => Promise.all([all, predicate, prefixed].map((toolset) => firstValueFrom(toolset.getTools(ctx)))));
  afterAll(async () => {
    await firstValueFrom(predicate.close());
    await firstValueFrom(prefixed.close());
    await firstValueFrom(all.close());
  });

  it('offers every tool without a filter, and only the chosen ones with a predicate', async () => {
    const everything = (await firstValueFrom(all.getTools(ctx))).map((t) => t.name);
    const chosen = (await firstValueFrom(predicate.getTools(ctx))).map((t) => t.name);
    expect(everything).toEqual(expect.arrayContaining([...RECORDED_TOOLS, 'get-env']));
    expect(chosen.length).toBeGreaterThan(1);
    expect(chosen.every((name) => name.startsWith('get-'))).toBe(true);
    expect(chosen).toEqual(everything.filter((name) => name.startsWith('get-')));
  });

  it('prefixes the declared name and still calls the server tool by its own name', async () => {
    const [tool] = await firstValueFrom(prefixed.getTools(ctx));
    expect(tool!.name).toBe('everything_get-sum');
    expect(tool!.getDeclaration()?.name).toBe('everything_get-sum');
    expect(await firstValueFrom(tool!.runAsync({ a: 1, b: 2 }, toolContext()))).toEqual({
      content: [{ type: 'text', text: 'The sum of 1 and 2 is 3.' }],
      isError: false,
    });
  });
});

describe('McpToolset in an LlmAgent run (everything server)', () => {
  const toolset = mcpToolsetFromConfig(recordedToolsetArgs());
  let spy: ReturnType<typeof spyOnStdioMessages>;

  beforeAll(async () => {
    spy = spyOnStdioMessages();
    await firstValueFrom(toolset.getTools(readonlyContext())); // the server starts here, not inside a test
  });

  afterAll(async () => {
    spy.restore();
    await firstValueFrom(toolset.close());
  });

  it('is built from the tools_agent_006 config and sends the real result back to the model', async () => {
    const recording = recordedToolCall();
    const model = new ScriptedLlm([calls({ name: 'get-sum', args: { a: 5, b: 7 } }), text('The sum of 5 and 7 is 12.')]);
    const agent = new LlmAgent({ name: 'mcp_demo_assistant', model, tools: [toolset] });
    const events = await runTurn(new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true }), 'Add 5 and 7 together.');

    expect(functionResponses(events)).toEqual([expect.objectContaining({ name: 'get-sum', response: recording.tool_response.response })]);
    const declared = model.requests[0]!.config.tools!.flatMap((t) => ('functionDeclarations' in t ? (t.functionDeclarations ?? []) : []));
    expect(declared.map((d) => withoutDescription(d as Record<string, unknown>))).toEqual(recordedDeclarations().map(withoutDescription));
    const lastContent = model.requests[1]!.contents.at(-1)!;
    expect(lastContent.parts![0]!.functionResponse!.response).toEqual(recording.tool_response.response);
    expect(events.at(-1)!.content!.parts![0]!.text).toBe('The sum of 5 and 7 is 12.');
  });

  it('answers invalid arguments with {error} and sends nothing to the server', async () => {
    const before = spy.sent.filter((m) => m.method === 'tools/call').length;
    const model = new ScriptedLlm([calls({ name: 'get-sum', args: { a: 'five' } }), text('Sorry.')]);
    const agent = new LlmAgent({ name: 'mcp_demo_assistant', model, tools: [toolset] });
    const events = await runTurn(new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true }), 'Add five.');

    const [reply] = functionResponses(events);
    expect(reply!.response).toEqual({
      error: expect.stringMatching(/^Invalid arguments for tool "get-sum": \(arguments\) must have required property 'b'; \/a must be number/),
    });
    expect(spy.sent.filter((m) => m.method === 'tools/call').length).toBe(before);
  });

  it('cancels the server call when the run is unsubscribed during a slow tool', async () => {
    const model = new ScriptedLlm([calls({ name: 'trigger-long-running-operation', args: { duration: 600, steps: 1 } })]);
    const agent = new LlmAgent({ name: 'mcp_demo_assistant', model, tools: [toolset] });
    const runner = new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
    const events: Event[] = [];
    const subscription = runner.runAsync({ userId: 'u1', sessionId: 's2', newMessage: user('Run a long operation.') }).subscribe((e) => events.push(e));

    const slowCall = () => spy.sent.find((m) => m.method === 'tools/call' && m.params?.['name'] === 'trigger-long-running-operation');
    expect(await eventually(() => slowCall() !== undefined)).toBe(true);
    subscription.unsubscribe();

    const call = slowCall()!;
    const cancellations = spy.sent.filter((m) => m.transport === call.transport && m.method === 'notifications/cancelled');
    expect(cancellations.map((m) => m.params?.['requestId'])).toEqual([call.id]);
    expect(functionResponses(events)).toEqual([]);
  });
});

describe('McpTool cancellation and close (everything server)', () => {
  const toolset = new McpToolset({ connectionParams: EVERYTHING, toolFilter: ['trigger-long-running-operation'] });
  const ctx = readonlyContext();

  beforeAll(() => firstValueFrom(toolset.getTools(ctx))); // the server starts here, not inside a test
  afterAll(() => firstValueFrom(toolset.close()));

  it('fails the call with an McpToolCallError when ctx.abortSignal fires', async () => {
    const [slow] = await firstValueFrom(toolset.getTools(ctx));
    const controller = new AbortController();
    const result = firstValueFrom(slow!.runAsync({ duration: 600, steps: 1 }, toolContext(controller.signal)));
    controller.abort();
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpToolCallError);
    expect((error as Error).message).toMatch(/MCP server "npx -y @modelcontextprotocol\/server-everything" \(stdio\) could not run tool "trigger-long-running-operation": .*abort/i);
  });

  it('close() ends the whole server process tree, even with a call still running on the server', async () => {
    const [slow] = await firstValueFrom(toolset.getTools(ctx));
    slow!.runAsync({ duration: 600, steps: 1 }, toolContext()).subscribe({ error: () => undefined });
    expect(everythingServers()).toHaveLength(1);
    await firstValueFrom(toolset.close());
    expect(await eventually(() => everythingServers().length === 0)).toBe(true);
    expect(toolset.connected).toBe(false);
  });
});
