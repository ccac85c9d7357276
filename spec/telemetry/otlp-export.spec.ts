import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { AggregationTemporality, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { openTelemetry } from '../../lib/telemetry/open-telemetry.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { calls, text, user } from '../support/llm.js';

function weatherAgent(): LlmAgent {
  const getWeather = new FunctionTool({ name: 'get_weather', description: 'Weather.', execute: () => ({ sky: 'sunny' }) });
  const failing = new FunctionTool({ name: 'flaky', description: 'Fails.', execute: () => { throw new Error('down'); } });
  const model = new ScriptedLlm(
    [
      { ...calls({ name: 'get_weather', args: {} }, { name: 'flaky', args: {} }), usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 3 } },
      { ...text('Sunny.'), usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 4 } },
    ],
    { model: 'gemini-2.5-flash' },
  );
  return new LlmAgent({ name: 'weather_agent', model, tools: [getWeather, failing] });
}

function runOnce(instrumentation: ReturnType<typeof openTelemetry>) {
  const runner = new InMemoryRunner({ agent: weatherAgent(), appName: 'weather', autoCreateSession: true, instrumentation });
  return lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's1', newMessage: user('Weather?') }).pipe(toArray()));
}

interface OtlpSpan {
  name: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

describe('export over OTLP/HTTP with the official exporter', () => {
  let receiver: Server;
  const received: Array<{ path: string; body: { resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }> }> } }> = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('the local receiver gets the spans with the GenAI attributes', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`;
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))] });
    await runOnce(openTelemetry({ tracerProvider }));
    await tracerProvider.forceFlush();
    await tracerProvider.shutdown();
    expect(received.map((r) => r.path)).toContain('/v1/traces');
    const scopes = received.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans));
    expect(scopes.every((s) => s.scope.name === 'gcp.vertex.agent')).toBe(true);
    const spans = scopes.flatMap((s) => s.spans);
    expect(spans.map((s) => s.name).sort()).toEqual(['call_llm', 'call_llm', 'execute_tool flaky', 'execute_tool get_weather', 'invocation', 'invoke_agent weather_agent']);
    const attributes = (name: string) => Object.fromEntries(spans.find((s) => s.name === name)!.attributes.map((a) => [a.key, Object.values(a.value)[0]]));
    expect(attributes('invoke_agent weather_agent')).toMatchObject({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'weather_agent', 'gen_ai.conversation.id': 's1' });
    expect(attributes('call_llm')).toMatchObject({ 'gen_ai.request.model': 'gemini-2.5-flash', 'gen_ai.usage.input_tokens': expect.anything() });
    expect(attributes('execute_tool get_weather')).toMatchObject({ 'gen_ai.tool.name': 'get_weather', 'gen_ai.operation.name': 'execute_tool' });
  });
});

describe('metrics', () => {
  class CollectingReader extends MetricReader {
    constructor() {
      super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
    }
    protected onForceFlush(): Promise<void> {
      return Promise.resolve();
    }
    protected onShutdown(): Promise<void> {
      return Promise.resolve();
    }
  }

  it('records operation durations, token usage by type, agent and tool durations, and tool errors', async () => {
    const reader = new CollectingReader();
    const meterProvider = new MeterProvider({ readers: [reader] });
    await runOnce(openTelemetry({ meterProvider, tracerProvider: new BasicTracerProvider() }));
    const { resourceMetrics } = await reader.collect();
    const metrics = new Map(resourceMetrics.scopeMetrics.flatMap((s) => s.metrics).map((m) => [m.descriptor.name, m]));
    expect([...metrics.keys()].sort()).toEqual([
      'gen_ai.client.operation.duration',
      'gen_ai.client.token.usage',
      'rxadk.agent.duration',
      'rxadk.invocation.duration',
      'rxadk.tool.duration',
      'rxadk.tool.errors',
    ]);
    const tokens = metrics.get('gen_ai.client.token.usage')!.dataPoints as Array<{ attributes: Record<string, unknown>; value: { sum: number; count: number } }>;
    const byType = Object.fromEntries(tokens.map((p) => [p.attributes['gen_ai.token.type'], p.value.sum]));
    expect(byType).toEqual({ input: 32, output: 7 });
    const operations = metrics.get('gen_ai.client.operation.duration')!.dataPoints as Array<{ value: { count: number } }>;
    expect(operations.reduce((n, p) => n + p.value.count, 0)).toBe(2);
    const errors = metrics.get('rxadk.tool.errors')!.dataPoints as Array<{ attributes: Record<string, unknown>; value: number }>;
    expect(errors.map((p) => [p.attributes['gen_ai.tool.name'], p.value])).toEqual([['flaky', 1]]);
    const tools = metrics.get('rxadk.tool.duration')!.dataPoints as Array<{ value: { count: number } }>;
    expect(tools.reduce((n, p) => n + p.value.count, 0)).toBe(2);
  });
});
