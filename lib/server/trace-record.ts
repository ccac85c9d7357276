import type { RecordedSpan } from '../telemetry/recording-instrumentation.js';
import type { TraceEntry } from './trace-entry.js';

/**
 * One thing the dev server keeps of a run, in the order it happened: a hook that fired (a
 * {@link TraceEntry}: rxadk's timeline) or a span that ended (a {@link RecordedSpan}: the Traces
 * views). The trace store keeps one list of these per invocation; each view is derived from it
 * (`timelineOf`, `spansOf`).
 *
 * @example
 * ```ts
 * const records: TraceRecord[] = [hookRecord(beforeModel), spanRecord(callLlm)];
 * ```
 */
export type TraceRecord = { readonly kind: 'hook'; readonly entry: TraceEntry } | { readonly kind: 'span'; readonly span: RecordedSpan };

/**
 * What a record costs besides its strings (the objects, ids, times, numbers), in characters.
 *
 * @example
 * ```ts
 * recordChars(spanRecord({ ...span, attributes: {} })); // RECORD_OVERHEAD
 * ```
 */
export const RECORD_OVERHEAD = 200;

/**
 * A hook entry as a record.
 *
 * @example
 * ```ts
 * hookRecord(entry); // { kind: 'hook', entry }
 * ```
 */
export function hookRecord(entry: TraceEntry): TraceRecord {
  return { kind: 'hook', entry };
}

/**
 * An ended span as a record.
 *
 * @example
 * ```ts
 * spanRecord(span); // { kind: 'span', span }
 * ```
 */
export function spanRecord(span: RecordedSpan): TraceRecord {
  return { kind: 'span', span };
}

/**
 * The size a record counts for against the store's character bound: {@link RECORD_OVERHEAD} plus
 * the length of its strings (a span's string attributes, which hold the captured requests and
 * responses; an entry's string fields, its detail among them).
 *
 * @example
 * ```ts
 * recordChars(spanRecord({ ...span, attributes: { 'gcp.vertex.agent.llm_request': 'x'.repeat(1_000) } })); // 1_200
 * ```
 */
export function recordChars(record: TraceRecord): number {
  return RECORD_OVERHEAD + stringLengths(record.kind === 'span' ? record.span.attributes : record.entry);
}

function stringLengths(fields: object): number {
  let chars = 0;
  // own keys read in place (no array of values): every record is counted when kept and when dropped
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = (fields as Record<string, unknown>)[key];
    if (typeof value === 'string') chars += value.length;
  }
  return chars;
}
