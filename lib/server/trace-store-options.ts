/**
 * Trace records (hook entries and spans together) kept by default, over all sessions: what the
 * timeline's 20,000 entries and the spans' 10,000 held together before they were one store;
 * about 1,600 weather turns (14 hook entries and 5 spans each).
 */
export const DEFAULT_TRACE_RECORD_LIMIT = 30_000;

/**
 * Characters of trace records kept by default, over all sessions (see `recordChars`): with
 * content capture on, a model span holds its whole request (the history), so a count alone would
 * not bound memory. With the record limit, the traces of 20,000 weather turns held 18 MB, content
 * included (bench/dev-server-memory.ts).
 */
export const DEFAULT_TRACE_CHAR_LIMIT = 12_000_000;

/** Invocations kept per session by default (the oldest go first). */
export const DEFAULT_INVOCATIONS_PER_SESSION = 100;

/**
 * The bounds of a `TraceStore`: one set for both of its views (rxadk's hook timeline and the
 * Traces views' spans). Past {@link maxRecords} or {@link maxChars}, whole sessions go, least
 * recently used first (a session is used when a record is added to it or one of its views is
 * read); a single session left over the bound loses its oldest invocations, and a run alone over
 * it its oldest records.
 *
 * @example
 * ```ts
 * new TraceStore({ maxRecords: 5_000, maxChars: 2_000_000 } satisfies TraceStoreOptions);
 * ```
 */
export interface TraceStoreOptions {
  /** Records (hook entries and spans) kept over all sessions. Default {@link DEFAULT_TRACE_RECORD_LIMIT}. */
  maxRecords?: number;
  /** Characters of records kept over all sessions (see `recordChars`). Default {@link DEFAULT_TRACE_CHAR_LIMIT}. */
  maxChars?: number;
  /** Invocations kept per session. Default {@link DEFAULT_INVOCATIONS_PER_SESSION}. */
  maxInvocationsPerSession?: number;
}
