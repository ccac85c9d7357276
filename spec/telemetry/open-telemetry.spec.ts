import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { lastValueFrom, map, timer, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { AgentTool } from '../../lib/runner/agent-tool.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { openTelemetry } from '../../lib/telemetry/open-telemetry.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { ModelError } from '../../lib/utils/errors.js';
import type { Instrumentation } from '../../lib/context/invocation-context.js';
import type { LlmAgent as Agent } from '../../lib/agents/llm-agent.js';
import { calls, text, user } from '../support/llm.js';

const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => context.setGlobalContextManager(contextManager.enable()));
afterAll(() => {
  context.disable();
  contextManager.disable();
});
beforeEach(() => exporter.reset());

function weatherTool(delayMs = 0) {
  return new FunctionTool<{ city: string }>({
    name: 'get_weather',
    description: 'Returns the current weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: ({ city }) => (delayMs ? timer(delayMs).pipe(map(() => ({ city, sky: 'sunny' }))) : { city, sky: 'sunny' }),
  });
}

function runTurn(agent: Agent, instrumentation: Instrumentation = openTelemetry({ tracerProvider }), runConfig = {}) {
  const runner = new InMemoryRunner({ agent, appName: 'weather', autoCreateSession: true, instrumentation });
  return lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's1', newMessage: user('Weather in Paris?'), runConfig }).pipe(toArray()));
}

/** The finished spans as a tree of names. */
function tree(spans: readonly ReadableSpan[] = exporter.getFinishedSpans()): unknown[] {
  const childrenOf = (id: string | undefined): unknown[] =>
    spans
      .filter((s) => s.parentSpanContext?.spanId === id)
      .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1])
      .map((s) => {
        const children = childrenOf(s.spanContext().spanId);
        return children.length ? { [s.name]: children } : s.name;
      });
  return childrenOf(undefined);
}

const byName = (name: string) => exporter.getFinishedSpans().filter((s) => s.name === name);

describe('openTelemetry(): spans by the GenAI conventions, with ADK\'s names', () => {
  it('the weather agent (one tool call): the span tree and its attributes', async () => {
    const model = new ScriptedLlm(
      [
        { ...calls({ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }), usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 3 }, finishReason: 'STOP' as never },
        { ...text('Sunny in Paris.'), usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 4 }, finishReason: 'STOP' as never },
      ],
      { model: 'gemini-2.5-flash' },
    );
    const agent = new LlmAgent({ name: 'weather_agent', description: 'Answers weather questions.', model, tools: [weatherTool()] });
    const events = await runTurn(agent);
    expect(tree()).toEqual([{ invocation: [{ 'invoke_agent weather_agent': [{ call_llm: ['execute_tool get_weather'] }, 'call_llm'] }] }]);

    const [invocation] = byName('invocation');
    const [agentSpan] = byName('invoke_agent weather_agent');
    const [firstCall, secondCall] = byName('call_llm').sort((a, b) => a.startTime[1] - b.startTime[1] + (a.startTime[0] - b.startTime[0]) * 1e9);
    const [toolSpan] = byName('execute_tool get_weather');
    const invocationId = events[0]!.invocationId;
    expect(invocation!.attributes).toMatchObject({ 'gcp.vertex.agent.invocation_id': invocationId, 'gcp.vertex.agent.session_id': 's1', 'gen_ai.conversation.id': 's1' });
    expect(agentSpan!.kind).toBe(0 /* INTERNAL */);
    expect(agentSpan!.attributes).toEqual({
      'gcp.vertex.agent.invocation_id': invocationId,
      'gcp.vertex.agent.session_id': 's1',
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'weather_agent',
      'gen_ai.agent.description': 'Answers weather questions.',
      'gen_ai.conversation.id': 's1',
    });
    expect(firstCall!.kind).toBe(2 /* CLIENT */);
    expect(firstCall!.attributes).toEqual({
      'gcp.vertex.agent.invocation_id': invocationId,
      'gcp.vertex.agent.session_id': 's1',
      'gcp.vertex.agent.event_id': events[0]!.id,
      'gen_ai.system': 'gcp.vertex.agent',
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'ScriptedLlm',
      'gen_ai.request.model': 'gemini-2.5-flash',
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': 12,
      'gen_ai.usage.output_tokens': 3,
      'gcp.vertex.agent.llm_request': '{}',
      'gcp.vertex.agent.llm_response': '{}',
    });
    expect(secondCall!.attributes).toMatchObject({ 'gcp.vertex.agent.event_id': events[2]!.id, 'gen_ai.usage.input_tokens': 20 });
    expect(toolSpan!.attributes).toEqual({
      'gcp.vertex.agent.invocation_id': invocationId,
      'gcp.vertex.agent.session_id': 's1',
      'gcp.vertex.agent.event_id': events[1]!.id,
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.tool.description': 'Returns the current weather in a city.',
      'gen_ai.tool.type': 'FunctionTool',
      'gen_ai.tool.call.id': 'call_1',
      'gcp.vertex.agent.llm_request': '{}',
      'gcp.vertex.agent.llm_response': '{}',
      'gcp.vertex.agent.tool_call_args': '{}',
      'gcp.vertex.agent.tool_response': '{}',
    });
    expect(exporter.getFinishedSpans().every((s) => s.status.code !== SpanStatusCode.ERROR)).toBe(true);
  });

  it('captures requests, responses and tool arguments only when asked', async () => {
    const model = new ScriptedLlm([calls({ id: 'c', name: 'get_weather', args: { city: 'Paris' } }), text('Sunny.')], { model: 'm' });
    await runTurn(new LlmAgent({ name: 'a', model, tools: [weatherTool()] }), openTelemetry({ tracerProvider, captureContent: true }));
    const [toolSpan] = byName('execute_tool get_weather');
    expect(toolSpan!.attributes['gcp.vertex.agent.tool_call_args']).toBe('{"city":"Paris"}');
    expect(toolSpan!.attributes['gcp.vertex.agent.tool_response']).toBe('{"city":"Paris","sky":"sunny"}');
    const request = JSON.parse(byName('call_llm')[0]!.attributes['gcp.vertex.agent.llm_request'] as string);
    expect(request.contents).toEqual([{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }]);
  });

  it('three parallel tools are siblings with overlapping times', async () => {
    const model = new ScriptedLlm(
      [calls({ name: 'get_weather', args: { city: 'Paris' } }, { name: 'get_weather', args: { city: 'Rome' } }, { name: 'get_weather', args: { city: 'Oslo' } }), text('ok')],
      { model: 'm' },
    );
    await runTurn(new LlmAgent({ name: 'a', model, tools: [weatherTool(30)] }));
    expect(tree()).toEqual([{ invocation: [{ 'invoke_agent a': [{ call_llm: ['execute_tool get_weather', 'execute_tool get_weather', 'execute_tool get_weather'] }, 'call_llm'] }] }]);
    const tools = byName('execute_tool get_weather');
    const ns = (t: [number, number]) => t[0] * 1e9 + t[1];
    const latestStart = Math.max(...tools.map((s) => ns(s.startTime)));
    const earliestEnd = Math.min(...tools.map((s) => ns(s.endTime)));
    expect(latestStart).toBeLessThan(earliestEnd);
  });

  it('a transfer nests the sub-agent under the transferring model call', async () => {
    const child = new LlmAgent({ name: 'child', description: 'c', model: new ScriptedLlm([text('hi')], { model: 'm2' }) });
    const parent = new LlmAgent({ name: 'parent', model: new ScriptedLlm([calls({ name: 'transfer_to_agent', args: { agent_name: 'child' } })], { model: 'm1' }), subAgents: [child] });
    await runTurn(parent);
    expect(tree()).toEqual([{ invocation: [{ 'invoke_agent parent': [{ call_llm: ['execute_tool transfer_to_agent', { 'invoke_agent child': ['call_llm'] }] }] }] }]);
  });

  it('AgentTool: the inner run nests under execute_tool', async () => {
    const inner = new LlmAgent({ name: 'summariser', description: 'Summarises.', model: new ScriptedLlm([text('short')], { model: 'm2' }) });
    const outer = new LlmAgent({
      name: 'outer',
      model: new ScriptedLlm([calls({ name: 'summariser', args: { request: 'long text' } }), text('done')], { model: 'm1' }),
      tools: [new AgentTool({ agent: inner })],
    });
    await runTurn(outer);
    expect(tree()).toEqual([
      { invocation: [{ 'invoke_agent outer': [{ call_llm: [{ 'execute_tool summariser': [{ invocation: [{ 'invoke_agent summariser': ['call_llm'] }] }] }] }, 'call_llm'] }] },
    ]);
  });

  it('a tool error is recorded on its execute_tool span', async () => {
    const failing = new FunctionTool({ name: 'flaky', description: 'Fails.', execute: () => { throw new Error('backend down'); } });
    const model = new ScriptedLlm([calls({ name: 'flaky', args: {} }), text('sorry')], { model: 'm' });
    await runTurn(new LlmAgent({ name: 'a', model, tools: [failing] }));
    const [toolSpan] = byName('execute_tool flaky');
    expect(toolSpan!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'flaky failed: backend down' });
    expect(toolSpan!.attributes['error.type']).toBe('tool_error');
    expect(byName('invoke_agent a')[0]!.status.code).not.toBe(SpanStatusCode.ERROR);
  });

  it('a model error is recorded on the call_llm span where it happened, and ends the spans above with it', async () => {
    const model = new ScriptedLlm([() => { throw new ModelError('HTTP 429 quota', { status: 429 }); }], { model: 'm' });
    await expect(runTurn(new LlmAgent({ name: 'a', model }))).rejects.toBeInstanceOf(ModelError);
    const [call] = byName('call_llm');
    expect(call!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'HTTP 429 quota' });
    expect(call!.events.map((e) => e.name)).toEqual(['exception']);
    expect(call!.attributes['error.type']).toBe('MODEL_ERROR');
  });

  it('a cancelled run ends its open spans with rxadk.cancelled', async () => {
    let started!: () => void;
    const toolStarted = new Promise<void>((resolve) => (started = resolve));
    const slow = new FunctionTool({
      name: 'slow',
      description: 'Never ends.',
      execute: () => {
        started();
        return new Promise(() => undefined);
      },
    });
    const model = new ScriptedLlm([calls({ name: 'slow', args: {} })], { model: 'm' });
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'a', model, tools: [slow] }), appName: 'w', autoCreateSession: true, instrumentation: openTelemetry({ tracerProvider }) });
    const subscription = runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('go') }).subscribe();
    await toolStarted; // the run is inside the tool: every span is open
    subscription.unsubscribe();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name).sort()).toEqual(['call_llm', 'execute_tool slow', 'invocation', 'invoke_agent a']);
    expect(spans.every((s) => s.attributes['rxadk.cancelled'] === true)).toBe(true);
  });

  it('a user span created inside a Promise tool after an await nests under execute_tool', async () => {
    const tracer = tracerProvider.getTracer('user-code');
    const lookup = new FunctionTool({
      name: 'lookup',
      description: 'Looks something up.',
      execute: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return tracer.startActiveSpan('db.query', (span) => {
          span.end();
          return { found: !!trace.getActiveSpan() };
        });
      },
    });
    const model = new ScriptedLlm([calls({ name: 'lookup', args: {} }), text('ok')], { model: 'm' });
    await runTurn(new LlmAgent({ name: 'a', model, tools: [lookup] }));
    expect(tree()).toEqual([{ invocation: [{ 'invoke_agent a': [{ call_llm: [{ 'execute_tool lookup': ['db.query'] }] }, 'call_llm'] }] }]);
  });

  it('streaming: partial events create no spans, and the model span takes the final event', async () => {
    const model = new ScriptedLlm([[text('Hel'), text('lo')]], { model: 'm' });
    const events = await runTurn(new LlmAgent({ name: 'a', model }), openTelemetry({ tracerProvider }), { streamingMode: 'sse' });
    expect(tree()).toEqual([{ invocation: [{ 'invoke_agent a': ['call_llm'] }] }]);
    expect(byName('call_llm')[0]!.attributes['gcp.vertex.agent.event_id']).toBe(events.find((e) => !e.partial)!.id);
  });

  it('with no SDK registered: no spans, no errors, the same events', async () => {
    const model = new ScriptedLlm([calls({ name: 'get_weather', args: { city: 'Paris' } }), text('Sunny.')], { model: 'm' });
    const events = await runTurn(new LlmAgent({ name: 'a', model, tools: [weatherTool()] }), openTelemetry());
    expect(events).toHaveLength(3);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
