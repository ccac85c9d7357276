import { type Context, context, metrics, type MeterProvider, SpanKind, SpanStatusCode, trace, type TracerProvider } from '@opentelemetry/api';
import type { Instrumentation } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import {
  agentAttributes,
  invocationAttributes,
  modelRequestAttributes,
  modelResponseAttributes,
  providerNameOf,
  toolAttributes,
  toolErrorOf,
  toolOutcomeAttributes,
} from './span-attributes.js';
import { telemetryMetrics } from './telemetry-metrics.js';
import { traced } from './traced.js';

/**
 * Options of {@link openTelemetry}.
 *
 * @example
 * ```ts
 * const options: OpenTelemetryOptions = { tracerProvider: provider, captureContent: true };
 * ```
 */
export interface OpenTelemetryOptions {
  /** Default: the global one (`trace.getTracerProvider()`): a no-op until an SDK registers one. */
  tracerProvider?: TracerProvider;
  /** Default: the global one (`metrics.getMeterProvider()`). */
  meterProvider?: MeterProvider;
  /**
   * Put requests, responses, tool arguments and tool results on the spans (they may hold personal
   * data). Default: `ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS` is `true` or `1`; off otherwise.
   */
  captureContent?: boolean;
}

/** The tracer and meter name: ADK's instrumentation scope. */
const SCOPE = 'gcp.vertex.agent';

/**
 * OpenTelemetry for a Runner: an {@link Instrumentation} that turns every run into spans and
 * metrics by the GenAI semantic conventions, with ADK's span names and `gcp.vertex.agent.*`
 * attributes (so ADK tooling and adk-web read them):
 *
 * ```
 * invocation
 * └─ invoke_agent weather_agent            INTERNAL  gen_ai.agent.name, gen_ai.conversation.id = session id
 *    ├─ call_llm                           CLIENT    gen_ai.request.model, gen_ai.usage.*, finish reasons, event id
 *    │  └─ execute_tool get_weather        INTERNAL  gen_ai.tool.name, gen_ai.tool.call.id, event id
 *    └─ call_llm
 * ```
 *
 * Parallel tool calls are sibling `execute_tool` spans; a sub-agent a model transfers to nests
 * under that `call_llm`. Parents are found through the stream (`ctx.traceScope`), and user code —
 * callbacks, tools' functions, the model SDK's request — runs inside its span's context
 * (`context.with`), so a span a tool creates after an `await` nests under `execute_tool` wherever
 * the context manager carries it (`AsyncLocalStorageContextManager`, which Node SDKs register; no
 * zone.js). Errors are recorded on the span where they happened (status ERROR); a tool answered
 * with an `{error}` marks its span and counts in `rxadk.tool.errors`; an unsubscribed run ends its
 * open spans with `rxadk.cancelled`. Partial (streamed) events make no spans. Content capture is
 * off by default (see {@link OpenTelemetryOptions.captureContent}).
 *
 * With no SDK registered every span is a no-op: the attributes are not even computed.
 *
 * @example
 * ```ts
 * import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
 * import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
 * import { openTelemetry } from 'rxadk/telemetry';
 *
 * const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
 * const runner = new InMemoryRunner({ agent, instrumentation: openTelemetry({ tracerProvider }) });
 * ```
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): Instrumentation {
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(SCOPE);
  const meters = telemetryMetrics((options.meterProvider ?? metrics.getMeterProvider()).getMeter(SCOPE));
  const capture = options.captureContent ?? captureFromEnvironment();
  return {
    invocation: (ctx, run) =>
      traced(tracer, ctx, { name: 'invocation', kind: SpanKind.INTERNAL, attributes: () => invocationAttributes(ctx), ended: (_s, _e, seconds) => meters.invocationDuration.record(seconds) }, run),

    agent: (ctx, agent, run) =>
      traced(
        tracer,
        ctx,
        {
          name: `invoke_agent ${agent.name}`,
          kind: SpanKind.INTERNAL,
          attributes: () => agentAttributes(ctx, agent),
          ended: (_s, end, seconds) => meters.agentDuration.record(seconds, { 'gen_ai.agent.name': agent.name, ...(end === 'error' ? { 'error.type': 'error' } : {}) }),
        },
        run,
      ),

    modelCall: (ctx, agent, request, run) => {
      const provider = providerNameOf(agent);
      let answer: Event | undefined;
      return traced<Event>(
        tracer,
        ctx,
        {
          name: 'call_llm',
          kind: SpanKind.CLIENT,
          attributes: () => modelRequestAttributes(ctx, request, provider, capture),
          observe: (span, event) => {
            if (answer || event.partial) return;
            answer = event;
            span.setAttributes(modelResponseAttributes(event, capture));
            if (event.errorCode) span.setStatus({ code: SpanStatusCode.ERROR, message: `${event.errorCode}${event.errorMessage ? `: ${event.errorMessage}` : ''}` });
          },
          ended: (_span, end, seconds) => {
            const attributes = { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': provider, 'gen_ai.request.model': request.model ?? '', ...(end === 'error' ? { 'error.type': 'error' } : {}) };
            meters.operationDuration.record(seconds, attributes);
            const usage = answer?.usageMetadata;
            if (usage?.promptTokenCount !== undefined) meters.tokenUsage.record(usage.promptTokenCount, { ...attributes, 'gen_ai.token.type': 'input' });
            if (usage?.candidatesTokenCount !== undefined) meters.tokenUsage.record(usage.candidatesTokenCount, { ...attributes, 'gen_ai.token.type': 'output' });
          },
        },
        run,
      );
    },

    toolCall: (ctx, call, run) => {
      let failed: string | undefined;
      return traced(
        tracer,
        ctx,
        {
          name: `execute_tool ${call.call.name ?? ''}`,
          kind: SpanKind.INTERNAL,
          attributes: () => toolAttributes(ctx, call, capture),
          observe: (span, outcome) => {
            span.setAttributes(toolOutcomeAttributes(outcome, capture));
            failed = toolErrorOf(outcome);
            if (failed) {
              span.setStatus({ code: SpanStatusCode.ERROR, message: failed });
              span.setAttribute('error.type', 'tool_error');
            }
          },
          ended: (_span, _end, seconds) => {
            const attributes = { 'gen_ai.tool.name': call.call.name ?? '' };
            meters.toolDuration.record(seconds, attributes);
            if (failed) meters.toolErrors.add(1, attributes);
          },
        },
        run,
      );
    },

    enter: (ctx, fn) => context.with((ctx.traceScope as Context | undefined) ?? context.active(), fn),
  };
}



function captureFromEnvironment(): boolean {
  if (typeof process === 'undefined' || !process.env) return false;
  return /^(true|1)$/i.test(process.env['ADK_CAPTURE_MESSAGE_CONTENT_IN_SPANS'] ?? '');
}
