// No OpenTelemetry import anywhere in this file's graph: the dev server records spans with it
// whether or not @opentelemetry/api is installed.
import { Observable } from 'rxjs';
import type { Instrumentation } from '../context/invocation-context.js';
import type { ToolCallOutcome } from '../context/tool-call-outcome.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import {
  agentAttributes,
  invocationAttributes,
  modelRequestAttributes,
  modelResponseAttributes,
  providerNameOf,
  type SpanAttributes,
  toolAttributes,
  toolErrorOf,
  toolOutcomeAttributes,
} from './span-attributes.js';

/**
 * A finished span as adk-web reads it from `/debug/trace/session/{id}`: hex ids, times in
 * nanoseconds since the epoch, ADK's names and attributes (the same as `openTelemetry()`'s).
 *
 * @example
 * ```ts
 * const span: RecordedSpan = { name: 'call_llm', span_id: '8f…', trace_id: '4a…', parent_span_id: '1c…', start_time: 1.7e18, end_time: 1.7e18, attributes: {} };
 * ```
 */
export interface RecordedSpan {
  name: string;
  span_id: string;
  trace_id: string;
  parent_span_id: string | null;
  start_time: number;
  end_time: number;
  attributes: SpanAttributes;
  /** `'ERROR: message'` for a span that failed; absent otherwise. */
  status?: string;
}

/** The trace scope this instrumentation carries in `ctx.traceScope`. */
interface Scope {
  traceId: string;
  spanId: string;
}

/**
 * An {@link Instrumentation} that records the spans `openTelemetry()` would make — same names,
 * same attributes, same nesting — as plain {@link RecordedSpan}s, without OpenTelemetry: the dev
 * server feeds its bounded trace store with it, and adk-web's trace view reads them. `onSpanEnd`
 * is told each span as it ends, with the context of the invocation it belongs to.
 *
 * @example
 * ```ts
 * const spans: RecordedSpan[] = [];
 * new Runner({ appName, agent, sessionService, instrumentation: recordingInstrumentation({ onSpanEnd: (s) => spans.push(s) }) });
 * ```
 */
export function recordingInstrumentation(options: { onSpanEnd: (span: RecordedSpan, ctx: InvocationContext) => void; captureContent?: boolean }): Instrumentation {
  const capture = options.captureContent ?? false;
  const record = <T>(ctx: InvocationContext, name: string, attributes: () => SpanAttributes, run: (ctx: InvocationContext) => Observable<T>, observe?: (value: T, span: RecordedSpan) => void) =>
    new Observable<T>((subscriber) => {
      const parent = ctx.traceScope as Scope | undefined;
      const scope: Scope = { traceId: parent?.traceId ?? hexId(16), spanId: hexId(8) };
      const span: RecordedSpan = { name, span_id: scope.spanId, trace_id: scope.traceId, parent_span_id: parent?.spanId ?? null, start_time: nowNs(), end_time: 0, attributes: attributes() };
      let ended = false;
      const end = (status?: string) => {
        if (ended) return;
        ended = true;
        options.onSpanEnd({ ...span, end_time: nowNs(), ...(status ? { status } : {}) }, ctx);
      };
      const subscription = run(ctx.withTraceScope(scope)).subscribe({
        next: (value) => {
          observe?.(value, span);
          subscriber.next(value);
        },
        error: (error: unknown) => {
          end(`ERROR: ${error instanceof Error ? error.message : String(error)}`);
          subscriber.error(error);
        },
        complete: () => {
          end(span.status);
          subscriber.complete();
        },
      });
      return () => {
        if (!ended) span.attributes = { ...span.attributes, 'rxadk.cancelled': true };
        end(span.status);
        subscription.unsubscribe();
      };
    });
  return {
    invocation: (ctx, run) => record(ctx, 'invocation', () => invocationAttributes(ctx), run),
    agent: (ctx, agent, run) => record(ctx, `invoke_agent ${agent.name}`, () => agentAttributes(ctx, agent), run),
    modelCall: (ctx, agent, request, run) => {
      let answered = false;
      return record<Event>(ctx, 'call_llm', () => modelRequestAttributes(ctx, request, providerNameOf(agent), capture), run, (event, span) => {
        if (answered || event.partial) return;
        answered = true;
        span.attributes = { ...span.attributes, ...modelResponseAttributes(event, capture) };
      });
    },
    toolCall: (ctx, call, run) =>
      record<ToolCallOutcome>(ctx, `execute_tool ${call.call.name ?? ''}`, () => toolAttributes(ctx, call, capture), run, (outcome, span) => {
        span.attributes = { ...span.attributes, ...toolOutcomeAttributes(outcome, capture) };
        const error = toolErrorOf(outcome);
        if (error) span.status = `ERROR: ${error}`;
      }),
    enter: (_ctx, fn) => fn(),
  };
}


function hexId(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function nowNs(): number {
  return Math.round((performance.timeOrigin + performance.now()) * 1e6);
}
