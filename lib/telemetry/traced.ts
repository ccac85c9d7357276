import { type Context, context, type Span, type SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { Observable } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { SpanAttributes } from './span-attributes.js';

/** How a traced part ended. */
export type PartEnd = 'ok' | 'error' | 'cancelled';

/** One part of a run to wrap in a span (see {@link traced}). */
export interface TracedPart<T> {
  name: string;
  kind: SpanKind;
  /** Computed only when the span records (an SDK is registered and samples it). */
  attributes: () => SpanAttributes;
  /** Sees each value as it passes (to read the model's answer, a tool's outcome). */
  observe?: (span: Span, value: T) => void;
  /** Called once when the span ends, with the duration in seconds. */
  ended?: (span: Span, end: PartEnd, seconds: number) => void;
}

/**
 * `run` inside a span: the span starts on subscription, as a child of the span the stream carries
 * (`ctx.traceScope`; the active context for the root), `run` gets the context view that carries the
 * new span and is subscribed inside it (`context.with`), and the span ends with the part — OK on
 * complete, ERROR with the exception on error, and `rxadk.cancelled` when unsubscribed first.
 *
 * ```
 * run:     --a--b--|        span: [start ............ end OK]
 * run:     --a--#           span: [start ....... end ERROR]
 * unsub:   --a--!           span: [start ....... end, rxadk.cancelled]
 * ```
 *
 * @example
 * ```ts
 * traced(tracer, ctx, { name: `invoke_agent ${agent.name}`, kind: SpanKind.INTERNAL, attributes: () => agentAttributes(ctx, agent) }, run);
 * ```
 */
export function traced<T>(tracer: Tracer, ctx: InvocationContext, part: TracedPart<T>, run: (ctx: InvocationContext) => Observable<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const parent = (ctx.traceScope as Context | undefined) ?? context.active();
    const span = tracer.startSpan(part.name, { kind: part.kind }, parent);
    const recording = span.isRecording();
    if (recording) span.setAttributes(part.attributes());
    const scope = trace.setSpan(parent, span);
    const started = performance.now();
    let ended = false;
    const end = (how: PartEnd): void => {
      if (ended) return;
      ended = true;
      part.ended?.(span, how, (performance.now() - started) / 1000);
      span.end();
    };
    const subscription = context.with(scope, () =>
      run(ctx.withTraceScope(scope)).subscribe({
        next: (value) => {
          if (recording) part.observe?.(span, value);
          subscriber.next(value);
        },
        error: (error: unknown) => {
          markError(span, error);
          end('error');
          subscriber.error(error);
        },
        complete: () => {
          end('ok');
          subscriber.complete();
        },
      }),
    );
    return () => {
      if (!ended) {
        span.setAttribute('rxadk.cancelled', true);
        span.setStatus({ code: SpanStatusCode.UNSET });
        end('cancelled');
      }
      subscription.unsubscribe();
    };
  });
}

/**
 * Records `error` on `span`: the exception event, status ERROR with its message, and `error.type`.
 *
 * @example
 * ```ts
 * markError(span, new ModelError('HTTP 429', { status: 429 }));
 * ```
 */
export function markError(span: Span, error: unknown): void {
  const exception = error instanceof Error ? error : new Error(String(error));
  span.recordException(exception);
  span.setStatus({ code: SpanStatusCode.ERROR, message: exception.message });
  span.setAttribute('error.type', (exception as { code?: unknown }).code ? String((exception as { code?: unknown }).code) : exception.name);
}
