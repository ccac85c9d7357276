import type { RecordedSpan } from '../telemetry/recording-instrumentation.js';
import type { TraceRecord } from './trace-record.js';

/**
 * The Traces views' view of trace records: the spans, in the order they ended (the hook entries
 * left out).
 *
 * @example
 * ```ts
 * spansOf([hookRecord(beforeRun), spanRecord(invocationSpan), hookRecord(afterRun)]); // [invocationSpan]
 * ```
 */
export function spansOf(records: readonly TraceRecord[]): RecordedSpan[] {
  return records.flatMap((record) => (record.kind === 'span' ? [record.span] : []));
}
