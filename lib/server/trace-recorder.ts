import { Observable } from 'rxjs';
import type { RunConfig } from '../context/run-config.js';
import type { TraceEntry } from './trace-entry.js';

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
}

interface RecordedInvocation {
  startedAt: number;
  entries: TraceEntry[];
}

/**
 * Keeps the trace of each invocation (in memory, per session) and hands the entries of a live
 * run to whoever {@link watch}es it. A run is recognised by the identity of the `RunConfig`
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
  private readonly sessions = new Map<string, Map<string, RecordedInvocation>>();
  private readonly watchers = new Map<RunConfig, Set<(entry: TraceEntry) => void>>();
  private readonly maxInvocations: number;

  constructor(options: TraceRecorderOptions = {}) {
    this.maxInvocations = Math.max(1, options.maxInvocationsPerSession ?? 100);
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
    const invocations = this.sessions.get(keyOf(ref));
    return invocations ? [...invocations.values()].flatMap((invocation) => invocation.entries) : [];
  }

  /** Drops the traces of a session (when it is deleted). */
  forget(ref: SessionRef): void {
    this.sessions.delete(keyOf(ref));
  }

  private invocationOf(init: TraceEntryInit): RecordedInvocation {
    const key = keyOf(init);
    let invocations = this.sessions.get(key);
    if (!invocations) this.sessions.set(key, (invocations = new Map()));
    let invocation = invocations.get(init.invocationId);
    if (!invocation) {
      invocation = { startedAt: performance.now(), entries: [] };
      invocations.set(init.invocationId, invocation);
      dropOldest(invocations, this.maxInvocations);
    }
    return invocation;
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

function dropOldest(invocations: Map<string, RecordedInvocation>, max: number): void {
  for (const id of invocations.keys()) {
    if (invocations.size <= max) return;
    invocations.delete(id);
  }
}
