import type { TraceStoreOptions } from './trace-store-options.js';

/**
 * The bounds of the dev server's in-memory traces (`DevServer.start({ traceLimits })`, the
 * `--trace-*` flags): one set for the hook timeline and the spans, which live in one store.
 *
 * @example
 * ```ts
 * const limits: TraceLimits = { records: 5_000, chars: 2_000_000 };
 * ```
 */
export interface TraceLimits {
  /** Records kept, hook entries and spans together, over all sessions (`--trace-records`). */
  records?: number;
  /** Characters of records kept, over all sessions (`--trace-chars`). */
  chars?: number;
  /** @deprecated The hook timeline's own bound before the two stores were one: read as {@link records} (with {@link spans}, their sum). */
  entries?: number;
  /** @deprecated The spans' own bound before the two stores were one: read as {@link records} (with {@link entries}, their sum). */
  spans?: number;
}

/**
 * The `TraceStore` options for `limits`. `records` wins; else the old `entries` and `spans`, which
 * bounded one store each, bound the one store together (their sum, or the one given).
 *
 * @example
 * ```ts
 * traceStoreOptionsOf({ records: 5_000 });              // { maxRecords: 5_000 }
 * traceStoreOptionsOf({ entries: 2_000, spans: 1_000 }); // { maxRecords: 3_000 }
 * traceStoreOptionsOf({ chars: 1_000_000 });             // { maxChars: 1_000_000 }
 * ```
 */
export function traceStoreOptionsOf(limits: TraceLimits = {}): TraceStoreOptions {
  const old = [limits.entries, limits.spans].filter((bound): bound is number => bound !== undefined);
  const records = limits.records ?? (old.length > 0 ? old.reduce((sum, bound) => sum + bound, 0) : undefined);
  return {
    ...(records !== undefined ? { maxRecords: records } : {}),
    ...(limits.chars !== undefined ? { maxChars: limits.chars } : {}),
  };
}
