import { filter, map, type Observable, Subject } from 'rxjs';
import type { RunConfig } from '../context/run-config.js';
import type { RecordedSpan } from '../telemetry/recording-instrumentation.js';
import { eventSpanAttributes } from './event-span-attributes.js';
import { evictLeastRecent, touch } from './least-recently-used.js';
import type { InvocationRef, SessionRef } from './session-ref.js';
import { spansOf } from './spans-of.js';
import { timelineOf } from './timeline-of.js';
import type { TraceEntry, TraceEntryInit } from './trace-entry.js';
import { hookRecord, recordChars, spanRecord, type TraceRecord } from './trace-record.js';
import { DEFAULT_INVOCATIONS_PER_SESSION, DEFAULT_TRACE_CHAR_LIMIT, DEFAULT_TRACE_RECORD_LIMIT, type TraceStoreOptions } from './trace-store-options.js';

interface InvocationTrace {
  readonly startedAt: number;
  /** Hook entries and ended spans, in the order they came. */
  readonly records: TraceRecord[];
}

interface SessionTrace {
  readonly sessionId: string;
  /** By invocation id, oldest first. */
  readonly invocations: Map<string, InvocationTrace>;
}

/** A hook entry and the run it belongs to, as {@link TraceStore.watch} filters them. */
interface RunEntry {
  readonly runConfig: RunConfig;
  readonly entry: TraceEntry;
}

/**
 * The dev server's traces, in memory: per session and invocation, one list of
 * {@link TraceRecord}s — the hooks that fired (fed by the `TracePlugin`) and the spans that
 * ended (fed by `recordingInstrumentation`) — under one set of bounds ({@link TraceStoreOptions}).
 * Its two views are derived from that list: the hook timeline of a session ({@link tracesOf},
 * rxadk's UI) and its spans ({@link sessionSpans}, {@link eventAttributes}: adk-web's Traces
 * view and event view). It also hands the entries of a live run to whoever {@link watch}es it: a
 * run is recognised by the identity of the `RunConfig` object it was started with (every context
 * of one invocation shares it), so the entries of concurrent runs never mix.
 *
 * @example
 * ```ts
 * const traces = new TraceStore();
 * const runConfig = { streamingMode: 'sse' as const };
 * traces.watch(runConfig).subscribe((entry) => console.log(entry.seq, entry.hook));
 * traces.record(runConfig, { invocationId: 'e-1', appName: 'weather', userId: 'u', sessionId: 's', hook: 'beforeRun' });
 * traces.recordSpan({ invocationId: 'e-1', appName: 'weather', userId: 'u', sessionId: 's' }, span);
 * traces.tracesOf({ appName: 'weather', userId: 'u', sessionId: 's' }); // [{ seq: 1, hook: 'beforeRun', ... }]
 * traces.sessionSpans('s'); // [span]
 * ```
 */
export class TraceStore {
  private seq = 0;
  private count = 0;
  private charCount = 0;
  private readonly sessions = new Map<string, SessionTrace>();
  private readonly entries = new Subject<RunEntry>();
  private readonly maxRecords: number;
  private readonly maxChars: number;
  private readonly maxInvocations: number;

  constructor(options: TraceStoreOptions = {}) {
    this.maxRecords = Math.max(1, options.maxRecords ?? DEFAULT_TRACE_RECORD_LIMIT);
    this.maxChars = Math.max(1, options.maxChars ?? DEFAULT_TRACE_CHAR_LIMIT);
    this.maxInvocations = Math.max(1, options.maxInvocationsPerSession ?? DEFAULT_INVOCATIONS_PER_SESSION);
  }

  /** How many records (hook entries and spans) are kept, over all sessions. */
  get size(): number {
    return this.count;
  }

  /** The characters the kept records count for (see `recordChars`), over all sessions. */
  get chars(): number {
    return this.charCount;
  }

  /** Numbers, timestamps and keeps a hook entry; passes it to the watchers of `runConfig`. */
  record(runConfig: RunConfig | undefined, init: TraceEntryInit): TraceEntry {
    const invocation = this.invocationOf(init);
    const entry: TraceEntry = {
      seq: ++this.seq,
      time: Date.now(),
      elapsedMs: Math.round((performance.now() - invocation.startedAt) * 100) / 100,
      ...init,
    };
    this.keep(invocation, hookRecord(entry));
    if (runConfig) this.entries.next({ runConfig, entry });
    return entry;
  }

  /** Keeps an ended span of the invocation `at`. */
  recordSpan(at: InvocationRef, span: RecordedSpan): void {
    this.keep(this.invocationOf(at), spanRecord(span));
  }

  /** The entries of the run started with `runConfig`, as they are recorded. Never completes. */
  watch(runConfig: RunConfig): Observable<TraceEntry> {
    return this.entries.pipe(
      filter((recorded) => recorded.runConfig === runConfig),
      map((recorded) => recorded.entry),
    );
  }

  /** The hook timeline of a session: its entries, in order (oldest invocation first). */
  tracesOf(ref: SessionRef): TraceEntry[] {
    const session = touch(this.sessions, keyOf(ref));
    return session ? timelineOf(recordsOf(session)) : [];
  }

  /** The spans of every session with this id (adk-web names no user), in the order they ended; `[]` when none. */
  sessionSpans(sessionId: string): RecordedSpan[] {
    const keys = [...this.sessions].filter(([, session]) => session.sessionId === sessionId).map(([key]) => key);
    return keys.flatMap((key) => spansOf(recordsOf(touch(this.sessions, key)!)));
  }

  /** The attributes of the model or tool span behind an event (see `eventSpanAttributes`); `undefined` when none is kept. */
  eventAttributes(eventId: string): Record<string, unknown> | undefined {
    for (const session of this.sessions.values()) {
      for (const invocation of session.invocations.values()) {
        const attributes = eventSpanAttributes(invocation.records, eventId);
        if (attributes) return attributes;
      }
    }
    return undefined;
  }

  /** Drops the traces of a session (when it is deleted): both views. */
  forget(ref: SessionRef): void {
    const key = keyOf(ref);
    const session = this.sessions.get(key);
    if (session) session.invocations.forEach((invocation) => this.uncount(invocation.records));
    this.sessions.delete(key);
  }

  private invocationOf(at: InvocationRef): InvocationTrace {
    const key = keyOf(at);
    let session = touch(this.sessions, key);
    if (!session) this.sessions.set(key, (session = { sessionId: at.sessionId, invocations: new Map() }));
    let invocation = session.invocations.get(at.invocationId);
    if (!invocation) {
      const { invocations } = session;
      invocations.set(at.invocationId, (invocation = { startedAt: performance.now(), records: [] }));
      this.dropOldest(session, () => invocations.size > this.maxInvocations);
    }
    return invocation;
  }

  private keep(invocation: InvocationTrace, record: TraceRecord): void {
    invocation.records.push(record);
    this.count++;
    this.charCount += recordChars(record);
    this.evict(invocation);
  }

  /**
   * Keeps the totals within the bounds: other sessions go first (least recently used first),
   * then this session's older invocations, and last the oldest records of a run that alone is
   * over a bound (its newest record stays).
   */
  private evict(current: InvocationTrace): void {
    const over = (): boolean => this.count > this.maxRecords || this.charCount > this.maxChars;
    // within the bounds (every record of a run until the store is full) nothing is iterated
    if (!over()) return;
    evictLeastRecent(this.sessions, over, (_key, session) => session.invocations.forEach((invocation) => this.uncount(invocation.records)));
    const [only] = this.sessions.values();
    if (only) this.dropOldest(only, (invocation) => over() && invocation !== current);
    let dropped = 0;
    while (over() && current.records.length - dropped > 1) this.uncount([current.records[dropped++]!]);
    current.records.splice(0, dropped);
  }

  /** Drops a session's oldest invocations while `drop` says so. */
  private dropOldest(session: SessionTrace, drop: (invocation: InvocationTrace) => boolean): void {
    for (const [id, invocation] of session.invocations) {
      if (!drop(invocation)) return;
      session.invocations.delete(id);
      this.uncount(invocation.records);
    }
  }

  private uncount(records: readonly TraceRecord[]): void {
    this.count -= records.length;
    for (const record of records) this.charCount -= recordChars(record);
  }
}

function keyOf(ref: SessionRef): string {
  return JSON.stringify([ref.appName, ref.userId, ref.sessionId]);
}

function recordsOf(session: SessionTrace): TraceRecord[] {
  return [...session.invocations.values()].flatMap((invocation) => invocation.records);
}
