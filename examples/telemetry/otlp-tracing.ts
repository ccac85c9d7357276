/**
 * Traces an agent run with OpenTelemetry and sends them over OTLP/HTTP — here to a tiny OTLP
 * receiver this example starts itself, standing in for Jaeger, Grafana Tempo, Honeycomb, Langfuse
 * or Phoenix (point OTEL_EXPORTER_OTLP_TRACES_ENDPOINT at yours instead). Offline: the model is
 * scripted.
 *
 *   TS_NODE_TRANSPILE_ONLY=1 node --loader ts-node/esm examples/telemetry/otlp-tracing.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { lastValueFrom, toArray } from 'rxjs';
import { FunctionTool, InMemoryRunner, LlmAgent } from '../../lib/index.js';
import { openTelemetry } from '../../lib/telemetry/index.js';
import { ScriptedLlm } from '../../lib/testing/index.js';

// 1. A local OTLP/HTTP receiver (JSON), printing each span it gets.
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<{ name: string; spanId: string; parentSpanId?: string; attributes: Array<{ key: string; value: Record<string, unknown> }> }> }> }>;
    };
    for (const span of body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))) {
      const attributes = Object.fromEntries(span.attributes.filter((a) => a.key.startsWith('gen_ai.')).map((a) => [a.key, Object.values(a.value)[0]]));
      console.log(`receiver got ${span.name.padEnd(26)} ${JSON.stringify(attributes)}`);
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const endpoint = process.env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] ?? `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`;

// 2. The OpenTelemetry SDK: a context manager (so user spans inside tools nest), a provider, an exporter.
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: endpoint }))] });

// 3. The agent, and a Runner with openTelemetry() as its instrumentation.
const getWeather = new FunctionTool<{ city: string }>({
  name: 'get_weather',
  description: 'Returns the current weather in a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: ({ city }) => ({ city, temp: 25, weather: 'sunny' }),
});
const model = new ScriptedLlm(
  [
    { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Beijing' } } }] }, usageMetadata: { promptTokenCount: 42, candidatesTokenCount: 6 } },
    { content: { role: 'model', parts: [{ text: 'It is sunny in Beijing, 25°C.' }] }, usageMetadata: { promptTokenCount: 60, candidatesTokenCount: 9 } },
  ],
  { model: 'gemini-2.5-flash' },
);
const agent = new LlmAgent({ name: 'weather_agent', description: 'Answers weather questions.', model, tools: [getWeather] });
const runner = new InMemoryRunner({ agent, appName: 'weather', instrumentation: openTelemetry({ tracerProvider }) });
const session = await lastValueFrom(runner.sessionService.createSession({ appName: 'weather', userId: 'u' }));

const events = await lastValueFrom(runner.runAsync({ userId: 'u', sessionId: session.id, newMessage: { role: 'user', parts: [{ text: 'Weather in Beijing?' }] } }).pipe(toArray()));
console.log(`agent answered: ${events.at(-1)?.content?.parts?.[0]?.text}`);

await tracerProvider.forceFlush();
await tracerProvider.shutdown();
receiver.close();
