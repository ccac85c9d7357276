import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { Event } from '../../lib/events/event.js';
import type { McpStdioConnectionParams } from '../../lib/mcp/mcp-connection-params.js';
import { McpTool } from '../../lib/mcp/mcp-tool.js';
import { McpToolCallError } from '../../lib/mcp/mcp-tool-call-error.js';
import { McpToolset } from '../../lib/mcp/mcp-toolset.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { transpileForChild, type TranspiledTree } from '../fixtures/persistence/transpile-for-child.js';
import { calls, text, user } from '../support/llm.js';
import { eventually, readonlyContext, spyOnStdioMessages, toolContext, type SentMessage } from './mcp-test-kit.js';

// The server's `wait-for-release` calls never answer on their own (a timeout or an abort always
// comes first) and answer "released" only when the test calls `release`: no case depends on how
// fast the machine runs.
const SERVER = 'spec/fixtures/mcp/held-call-stdio-server.ts';
const HELD = 'wait-for-release';
const RELEASE = 'release';
/** A tool timeout that never fires during a test. */
const HOUR = 3_600_000;

/** Runs `work`, resolving with what it ended with (its value or its error). */
async function settled<T>(work: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  try {
    return { value: await work };
  } catch (error) {
    return { error };
  }
}

function heldCalls(sent: SentMessage[]): SentMessage[] {
  return sent.filter((m) => m.method === 'tools/call' && m.params?.['name'] === HELD);
}

function cancellationsOf(sent: SentMessage[], call: SentMessage): unknown[] {
  return sent.filter((m) => m.transport === call.transport && m.method === 'notifications/cancelled').map((m) => m.params?.['requestId']);
}

/** What a tool call answered, as the model would get it. */
const answer = (value: string) => ({ content: [{ type: 'text', text: value }], isError: false });

describe('McpTool: abort signal and timeouts (a stdio server whose calls wait until released)', () => {
  let spy: ReturnType<typeof spyOnStdioMessages>;
  let tree: TranspiledTree;
  let toolset: McpToolset;
  let timedToolset: McpToolset;
  let plainToolset: McpToolset;
  // The connection's per-request timeout: the SDK's 60 s while the servers start and list their
  // tools (in beforeAll), then 200 ms (the toolset reads its params object at each request).
  let params: McpStdioConnectionParams;
  /** `toolset`'s tools, and `timedToolset`'s held tool. */
  let held: McpTool;
  let release: McpTool;
  let timedHeld: McpTool;

  /** Answers every held call of `toolset`'s server; resolves with the server's "released <n>". */
  const releaseHeldCalls = async () => {
    const result = await firstValueFrom(release.runAsync({}, toolContext(undefined, { toolTimeoutMs: HOUR })));
    return (result['content'] as Array<{ text: string }>)[0]!.text;
  };

  beforeAll(async () => {
    spy = spyOnStdioMessages();
    tree = transpileForChild('mcp-held-call', [SERVER]);
    const server = (): McpStdioConnectionParams => ({ type: 'stdio', command: process.execPath, args: [tree.script(SERVER)] });
    params = server();
    toolset = new McpToolset({ connectionParams: params, toolFilter: [HELD, RELEASE] });
    timedToolset = new McpToolset({ connectionParams: server(), toolFilter: [HELD], toolTimeoutMs: 300 });
    plainToolset = new McpToolset({ connectionParams: server(), toolFilter: [HELD] });
    const ctx = readonlyContext();
    const [tools, timedTools] = await Promise.all([
      firstValueFrom(toolset.getTools(ctx)),
      firstValueFrom(timedToolset.getTools(ctx)),
      firstValueFrom(plainToolset.getTools(ctx)),
    ]);
    held = tools.find((t) => t.name === HELD) as McpTool;
    release = tools.find((t) => t.name === RELEASE) as McpTool;
    timedHeld = timedTools[0] as McpTool;
    params.timeoutMs = 200;
  });

  afterAll(async () => {
    spy?.restore();
    await Promise.all([toolset, timedToolset, plainToolset].map((set) => set && firstValueFrom(set.close())));
    tree?.remove();
  });

  it('aborting ctx.abortSignal mid-call ends the call with an McpToolCallError and cancels it on the server', async () => {
    const controller = new AbortController();
    const before = heldCalls(spy.sent).length;
    // A tool timeout of its own, so neither the connection's 200 ms nor the SDK's 60 s ends the call.
    const result = settled(firstValueFrom(held.runAsync({}, toolContext(controller.signal, { toolTimeoutMs: HOUR }))));
    expect(await eventually(() => heldCalls(spy.sent).length > before, 50)).toBe(true);
    controller.abort(new Error('run cancelled'));
    const { error } = await result;

    expect(error).toBeInstanceOf(McpToolCallError);
    expect((error as Error).message).toMatch(/could not run tool "wait-for-release": .*run cancelled/);
    const call = heldCalls(spy.sent).at(-1)!;
    expect(cancellationsOf(spy.sent, call)).toEqual([call.id]);
    // the server dropped the call: nothing is left waiting
    expect(await releaseHeldCalls()).toBe('released 0');
  });

  it("toolset toolTimeoutMs becomes each tool's timeoutMs, and the call's request timeout (also outside a Runner)", async () => {
    expect(timedHeld.timeoutMs).toBe(300);
    const { error } = await settled(firstValueFrom(timedHeld.runAsync({}, toolContext())));

    expect(error).toBeInstanceOf(McpToolCallError);
    expect((error as Error).message).toMatch(/timed out/i);
    const call = heldCalls(spy.sent).at(-1)!;
    expect(cancellationsOf(spy.sent, call)).toEqual([call.id]);
  });

  it("RunConfig.toolTimeoutMs is the request timeout of a tool without its own, and outranks the connection's timeoutMs", async () => {
    // The connection allows 200 ms per request; the run allows this call an hour.
    const before = heldCalls(spy.sent).length;
    let longSettled = false;
    const long = settled(firstValueFrom(held.runAsync({}, toolContext(undefined, { toolTimeoutMs: HOUR })))).finally(() => (longSettled = true));
    expect(await eventually(() => heldCalls(spy.sent).length > before, 50)).toBe(true);
    // Without a tool timeout the connection's 200 ms applies: this later call is cut...
    const cut = await settled(firstValueFrom(held.runAsync({}, toolContext())));
    expect(cut.error).toBeInstanceOf(McpToolCallError);
    expect((cut.error as Error).message).toMatch(/timed out/i);
    // ...while the earlier one, whose 200 ms would have ended first, still waits, and completes when released.
    expect(longSettled).toBe(false);
    expect(await releaseHeldCalls()).toBe('released 1');
    const done = await long;
    expect(done.error).toBeUndefined();
    expect(done.value).toEqual(answer('released'));
  });

  it('in a Runner, RunConfig.toolTimeoutMs cancels the MCP call on the server and the model gets a timeout error; the run goes on', async () => {
    const model = new ScriptedLlm([calls({ name: HELD, args: {} }), text('It took too long.')]);
    const agent = new LlmAgent({ name: 'mcp_timeout_agent', model, tools: [plainToolset] });
    const runner = new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
    const before = heldCalls(spy.sent).length;
    const { value: events } = await settled(
      lastValueFrom(
        runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('Run it.'), runConfig: { toolTimeoutMs: 300 } }).pipe(toArray()),
      ),
    );

    const responses = (events as Event[]).flatMap((e) => e.content?.parts ?? []).flatMap((p) => (p.functionResponse ? [p.functionResponse] : []));
    // 'Tool wait-for-release timed out after 300 ms.' when the flow's timer fires first; the MCP
    // SDK's request timeout (the same 300 ms) ends the call otherwise: '... Request timed out'.
    expect(responses).toEqual([expect.objectContaining({ name: HELD, response: { error: expect.stringMatching(/timed out/i) } })]);
    expect((events as Event[]).at(-1)!.content!.parts![0]!.text).toBe('It took too long.');
    const call = heldCalls(spy.sent).at(-1)!;
    expect(heldCalls(spy.sent).length).toBe(before + 1);
    expect(await eventually(() => cancellationsOf(spy.sent, call).length === 1, 20)).toBe(true);
    expect(cancellationsOf(spy.sent, call)).toEqual([call.id]);
  });
});
