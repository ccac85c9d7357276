import { Observable } from 'rxjs';
import type { RunConfig } from '../context/run-config.js';
import { evictLeastRecent, touch } from './least-recently-used.js';
import type { TraceEntry } from './trace-entry.js';

/**
 * Trace entries kept by default, over all sessions: about 1,400 weather turns (14 entries each).
 * With the span store's default, the traces of 20,000 turns held 18 MB, content included (bench/dev-server-memory.ts).
 */
export const DEFAULT_TRACE_ENTRY_LIMIT = 20_000;

/**
 * A trace entry before the recorder numbers and timestamps it.
 *
 * @example
 * ```ts
 * const init: TraceEntryInit = { invocationId: 'e-1', appName: 'weather', userId: 'u', sessionId: 's', hook: 'beforeRun' };
 * ```
 */
export type TraceEntryInit = Omit<TraceEntry, 'seq' | 'time' | 'elapsedMs'>;

/**
 * The triple that finds a session.
 *
 * @example
 * ```ts
 * recorder.tracesOf({ appName: 'weather', userId: 'u', sessionId: 's' } satisfies SessionRef);
 * ```
 */
export interface SessionRef {
  appName: string;
  userId: string;
  sessionId: string;
}

/**
 * Options of a {@link TraceRecorder}.
 *
 * @example
 * ```ts
 * new TraceRecorder({ maxInvocationsPerSession: 20 } satisfies TraceRecorderOptions);
 * ```
 */
export interface TraceRecorderOptions {
  /** Invocations kept per session (the oldest are dropped first). Default 100. */
  maxInvocationsPerSession?: number;
  /**
   * Entries kept over all sessions. Past it, whole sessions go, least recently used first (a
   * session is used when an entry is recorded in it or its trace is read); a single session left
   * over the limit loses its oldest invocations (and a run alone over it, its oldest entries).
   * Default {@link DEFAULT_TRACE_ENTRY_LIMIT}.
   */
  maxEntries?: number;
}

interface RecordedInvocation {
  startedAt: number;
  entries: TraceEntry[];
}

type RecordedSession = Map<string, RecordedInvocation>;

/**
 * Keeps the trace of each invocation (in memory, per session, bounded in total: see
 * {@link TraceRecorderOptions.maxEntries}) and hands the entries of a live run to whoever
 * {@link watch}es it. A run is recognised by the identity of the `RunConfig`
 * object it was started with: every context of one invocation shares it, so the entries of
 * concurrent runs never mix.
 *
 * @example
 * ```ts
 * const recorder = new TraceRecorder();
 * const runConfig = { streamingMode: 'sse' as const };
 * recorder.watch(runConfig).subscribe((entry) => console.log(entry.seq, entry.hook));
 * recorder.record(runConfig, { invocationId: 'e-1', appName: 'weather', userId: 'u', sessionId: 's', hook: 'beforeRun' });
 * recorder.tracesOf({ appName: 'weather', userId: 'u', sessionId: 's' }); // [{ seq: 1, hook: 'beforeRun', ... }]
 * ```
 */
export class TraceRecorder {
  private seq = 0;
  private count = 0;
  private readonly sessions = new Map<string, RecordedSession>();
  private readonly watchers = new Map<RunConfig, Set<(entry: TraceEntry) => void>>();
  private readonly maxInvocations: number;
  private readonly maxEntries: number;

  constructor(options: TraceRecorderOptions = {}) {
    this.maxInvocations = Math.max(1, options.maxInvocationsPerSession ?? 100);
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_TRACE_ENTRY_LIMIT);
  }

  /** How many entries are kept, over all sessions. */
  get size(): number {
    return this.count;
  }

  /** Numbers, timestamps and stores an entry; passes it to the watchers of `runConfig`. */
  record(runConfig: RunConfig | undefined, init: TraceEntryInit): TraceEntry {
    const invocation = this.invocationOf(init);
    const entry: TraceEntry = {
      seq: ++this.seq,
      time: Date.now(),
      elapsedMs: Math.round((performance.now() - invocation.startedAt) * 100) / 100,
      ...init,
    };
    invocation.entries.push(entry);
    this.count++;
    this.evict(invocation);
    if (runConfig) this.watchers.get(runConfig)?.forEach((listener) => listener(entry));
    return entry;
  }

  /** The entries of the run started with `runConfig`, as they are recorded. Never completes. */
  watch(runConfig: RunConfig): Observable<TraceEntry> {
    return new Observable<TraceEntry>((subscriber) => {
      const listener = (entry: TraceEntry): void => subscriber.next(entry);
      const listeners = this.watchers.get(runConfig) ?? new Set();
      listeners.add(listener);
      this.watchers.set(runConfig, listeners);
      return () => this.unwatch(runConfig, listener);
    });
  }

  /** Every recorded entry of a session, in order (oldest invocation first). */
  tracesOf(ref: SessionRef): TraceEntry[] {
    const invocations = touch(this.sessions, keyOf(ref));
    return invocations ? [...invocations.values()].flatMap((invocation) => invocation.entries) : [];
  }

  /** Drops the traces of a session (when it is deleted). */
  forget(ref: SessionRef): void {
    const key = keyOf(ref);
    this.count -= entriesIn(this.sessions.get(key));
    this.sessions.delete(key);
  }

  private invocationOf(init: TraceEntryInit): RecordedInvocation {
    const key = keyOf(init);
    let invocations = touch(this.sessions, key);
    if (!invocations) this.sessions.set(key, (invocations = new Map()));
    let invocation = invocations.get(init.invocationId);
    if (!invocation) {
      invocation = { startedAt: performance.now(), entries: [] };
      invocations.set(init.invocationId, invocation);
      this.dropOldest(invocations, () => invocations.size > this.maxInvocations);
    }
    return invocation;
  }

  /**
   * Keeps the total within `maxEntries`: other sessions go first, then this session's older
   * invocations, and last the oldest entries of a run that alone is over the limit.
   */
  private evict(current: RecordedInvocation): void {
    const over = (): boolean => this.count > this.maxEntries;
    evictLeastRecent(this.sessions, over, (_key, invocations) => (this.count -= entriesIn(invocations)));
    const [only] = this.sessions.values();
    if (only) this.dropOldest(only, (invocation) => over() && invocation !== current);
    if (over()) this.count -= current.entries.splice(0, this.count - this.maxEntries).length;
  }

  /** Drops a session's oldest invocations while `drop` says so. */
  private dropOldest(invocations: RecordedSession, drop: (invocation: RecordedInvocation) => boolean): void {
    for (const [id, invocation] of invocations) {
      if (!drop(invocation)) return;
      invocations.delete(id);
      this.count -= invocation.entries.length;
    }
  }

  private unwatch(runConfig: RunConfig, listener: (entry: TraceEntry) => void): void {
    const listeners = this.watchers.get(runConfig);
    listeners?.delete(listener);
    if (listeners?.size === 0) this.watchers.delete(runConfig);
  }
}

function keyOf(ref: SessionRef): string {
  return JSON.stringify([ref.appName, ref.userId, ref.sessionId]);
}

function entriesIn(invocations: RecordedSession | undefined): number {
  let count = 0;
  invocations?.forEach((invocation) => (count += invocation.entries.length));
  return count;
}
