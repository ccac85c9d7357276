import type { RecordedSpan } from '../telemetry/recording-instrumentation.js';
import { spansOf } from './spans-of.js';
import type { TraceRecord } from './trace-record.js';

/**
 * What adk-web's event view (and rxadk's inspector) reads for an event: the attributes of the
 * model or tool span that produced it, with its `trace_id` and `span_id` (as ADK's server
 * answers); `undefined` when the records hold no such span.
 *
 * @example
 * ```ts
 * eventSpanAttributes(records, 'e-42'); // { 'gcp.vertex.agent.event_id': 'e-42', 'gen_ai.operation.name': 'chat', ..., trace_id, span_id }
 * ```
 */
export function eventSpanAttributes(records: readonly TraceRecord[], eventId: string): Record<string, unknown> | undefined {
  const span = spansOf(records).find((s) => s.attributes['gcp.vertex.agent.event_id'] === eventId && isCallSpan(s));
  return span && { ...span.attributes, trace_id: span.trace_id, span_id: span.span_id };
}

function isCallSpan(span: RecordedSpan): boolean {
  return span.name === 'call_llm' || span.name.startsWith('execute_tool');
}
