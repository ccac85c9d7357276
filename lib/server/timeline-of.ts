import type { TraceEntry } from './trace-entry.js';
import type { TraceRecord } from './trace-record.js';

/**
 * rxadk's timeline view of trace records: the hook entries, in the order they fired (the spans
 * left out).
 *
 * @example
 * ```ts
 * timelineOf([hookRecord(beforeRun), spanRecord(invocationSpan), hookRecord(afterRun)]); // [beforeRun, afterRun]
 * ```
 */
export function timelineOf(records: readonly TraceRecord[]): TraceEntry[] {
  return records.flatMap((record) => (record.kind === 'hook' ? [record.entry] : []));
}
