import type { Attributes, Counter, Histogram, Meter } from '@opentelemetry/api';

/**
 * The instruments `openTelemetry()` records on (GenAI semantic conventions where they define one):
 *
 * | instrument | unit | what |
 * |---|---|---|
 * | `gen_ai.client.operation.duration` | s | each model call (`gen_ai.operation.name` `chat`) |
 * | `gen_ai.client.token.usage` | {token} | input and output tokens per model call (`gen_ai.token.type`) |
 * | `rxadk.invocation.duration` | s | each `runAsync` |
 * | `rxadk.agent.duration` | s | each agent run (`gen_ai.agent.name`) |
 * | `rxadk.tool.duration` | s | each tool call (`gen_ai.tool.name`) |
 * | `rxadk.tool.errors` | {error} | tool calls answered with an `{error}` |
 *
 * @example
 * ```ts
 * const metrics = telemetryMetrics(metrics.getMeter('rxadk'));
 * metrics.toolErrors.add(1, { 'gen_ai.tool.name': 'get_weather' });
 * ```
 */
export function telemetryMetrics(meter: Meter): TelemetryMetrics {
  const seconds = (name: string, description: string) => meter.createHistogram(name, { unit: 's', description });
  return {
    operationDuration: seconds('gen_ai.client.operation.duration', 'GenAI operation duration.'),
    tokenUsage: meter.createHistogram('gen_ai.client.token.usage', { unit: '{token}', description: 'Number of input and output tokens used.' }),
    invocationDuration: seconds('rxadk.invocation.duration', 'Duration of one runAsync.'),
    agentDuration: seconds('rxadk.agent.duration', 'Duration of one agent run.'),
    toolDuration: seconds('rxadk.tool.duration', 'Duration of one tool call.'),
    toolErrors: meter.createCounter('rxadk.tool.errors', { unit: '{error}', description: 'Tool calls answered with an error.' }),
  };
}

/** The instruments of {@link telemetryMetrics}. */
export interface TelemetryMetrics {
  operationDuration: Histogram<Attributes>;
  tokenUsage: Histogram<Attributes>;
  invocationDuration: Histogram<Attributes>;
  agentDuration: Histogram<Attributes>;
  toolDuration: Histogram<Attributes>;
  toolErrors: Counter<Attributes>;
}
