import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { Event } from '../../lib/events/event.js';
import type { McpStdioConnectionParams } from '../../lib/mcp/mcp-connection-params.js';
import { McpTool } from '../../lib/mcp/mcp-tool.js';
import { McpToolCallError } from '../../lib/mcp/mcp-tool-call-error.js';
import { McpToolset } from '../../lib/mcp/mcp-toolset.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { calls, text, user } from '../support/llm.js';
import { EVERYTHING, eventually, readonlyContext, spyOnStdioMessages, toolContext, type SentMessage } from './mcp-test-kit.js';

const SLOW = 'trigger-long-running-operation';
/** Arguments of the server's slow tool: `duration` is in seconds. */
const slowArgs = (seconds: number) => ({ duration: seconds, steps: 1 });

/** Runs `work`, resolving with what it ended with (its value or its error). */
async function settled<T>(work: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  try {
    return { value: await work };
  } catch (error) {
    return { error };
  }
}

function slowCalls(sent: SentMessage[]): SentMessage[] {
  return sent.filter((m) => m.method === 'tools/call' && m.params?.['name'] === SLOW);
}

function cancellationsOf(sent: SentMessage[], call: SentMessage): unknown[] {
  return sent.filter((m) => m.transport === call.transport && m.method === 'notifications/cancelled').map((m) => m.params?.['requestId']);
}

describe('McpTool: abort signal and timeouts (everything server)', () => {
  let spy: ReturnType<typeof spyOnStdioMessages>;
  // The connection's per-request timeout: generous while the server starts (npx takes a second or
  // more), then 200 ms once connected (the toolset reads its params object at each request).
  const params: McpStdioConnectionParams = { ...EVERYTHING, timeoutMs: 30_000 };
  const toolset = new McpToolset({ connectionParams: params, toolFilter: [SLOW] });
  const timedToolset = new McpToolset({ connectionParams: EVERYTHING, toolFilter: [SLOW], toolTimeoutMs: 300 });
  const plainToolset = new McpToolset({ connectionParams: EVERYTHING, toolFilter: [SLOW] });
  const ctx = readonlyContext();
  const slowTool = async (from = toolset) => {
    const [tool] = await firstValueFrom(from.getTools(ctx));
    params.timeoutMs = 200;
    return tool as McpTool;
  };

  beforeAll(() => {
    spy = spyOnStdioMessages();
  });

  afterAll(async () => {
    spy.restore();
    await Promise.all([toolset, timedToolset, plainToolset].map((set) => firstValueFrom(set.close())));
  });

  it('aborting ctx.abortSignal mid-call ends the call with an McpToolCallError and cancels it on the server', async () => {
    const tool = await slowTool();
    const controller = new AbortController();
    const before = slowCalls(spy.sent).length;
    // A 1-hour operation with a tool timeout of its own, so neither the connection's 200 ms nor the SDK's 60 s ends it.
    const result = settled(firstValueFrom(tool.runAsync(slowArgs(3600), toolContext(controller.signal, { toolTimeoutMs: 3_600_000 }))));
    expect(await eventually(() => slowCalls(spy.sent).length > before, 50)).toBe(true);
    controller.abort(new Error('run cancelled'));
    const { error } = await result;

    expect(error).toBeInstanceOf(McpToolCallError);
    expect((error as Error).message).toMatch(/could not run tool "trigger-long-running-operation": .*run cancelled/);
    const call = slowCalls(spy.sent).at(-1)!;
    expect(cancellationsOf(spy.sent, call)).toEqual([call.id]);
  });

  it("toolset toolTimeoutMs becomes each tool's timeoutMs, and the call's request timeout (also outside a Runner)", async () => {
    const tool = await slowTool(timedToolset);
    expect(tool.timeoutMs).toBe(300);
    const { error } = await settled(firstValueFrom(tool.runAsync(slowArgs(3600), toolContext())));

    expect(error).toBeInstanceOf(McpToolCallError);
    expect((error as Error).message).toMatch(/timed out/i);
    const call = slowCalls(spy.sent).at(-1)!;
    expect(cancellationsOf(spy.sent, call)).toEqual([call.id]);
  });

  it("RunConfig.toolTimeoutMs is the request timeout of a tool without its own, and outranks the connection's timeoutMs", async () => {
    const tool = await slowTool();
    // The connection allows 200 ms per request; the run allows this tool 5 s: a 1 s operation completes.
    const done = await settled(firstValueFrom(tool.runAsync(slowArgs(1), toolContext(undefined, { toolTimeoutMs: 5_000 }))));
    expect(done.error).toBeUndefined();
    expect(done.value).toEqual(expect.objectContaining({ isError: false }));
    // Without a tool timeout the connection's 200 ms applies.
    const cut = await settled(firstValueFrom(tool.runAsync(slowArgs(1), toolContext())));
    expect((cut.error as Error).message).toMatch(/timed out/i);
  });

  it('in a Runner, RunConfig.toolTimeoutMs cancels the MCP call on the server and the model gets a timeout error; the run goes on', async () => {
    const model = new ScriptedLlm([calls({ name: SLOW, args: slowArgs(3600) }), text('It took too long.')]);
    const agent = new LlmAgent({ name: 'mcp_timeout_agent', model, tools: [plainToolset] });
    const runner = new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
    const before = slowCalls(spy.sent).length;
    const { value: events } = await settled(
      lastValueFrom(
        runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('Run it.'), runConfig: { toolTimeoutMs: 300 } }).pipe(toArray()),
      ),
    );

    const responses = (events as Event[]).flatMap((e) => e.content?.parts ?? []).flatMap((p) => (p.functionResponse ? [p.functionResponse] : []));
    // 'Tool trigger-long-running-operation timed out after 300 ms.' once the flow enforces the timeout;
    // until then the MCP SDK's request timeout (the same 300 ms) ends the call: '... Request timed out'.
    expect(responses).toEqual([expect.objectContaining({ name: SLOW, response: { error: expect.stringMatching(/timed out/i) } })]);
    expect((events as Event[]).at(-1)!.content!.parts![0]!.text).toBe('It took too long.');
    const call = slowCalls(spy.sent).at(-1)!;
    expect(slowCalls(spy.sent).length).toBe(before + 1);
    expect(await eventually(() => cancellationsOf(spy.sent, call).length === 1, 20)).toBe(true);
    expect(cancellationsOf(spy.sent, call)).toEqual([call.id]);
  });
});
