import type { RecordedSpan } from '../telemetry/recording-instrumentation.js';
import { evictLeastRecent, touch } from './least-recently-used.js';

/** Spans kept by default: about 2,000 weather turns (5 spans each). */
export const DEFAULT_SPAN_LIMIT = 10_000;

/**
 * The size kept by default, in characters of the spans' string attributes: with content capture
 * on, a model span holds its whole request (the history), so a count alone would not bound memory.
 */
export const DEFAULT_SPAN_CHARS = 8_000_000;

/** What a span costs besides its string attributes (ids, times, the object itself), in characters. */
const SPAN_OVERHEAD = 200;

/**
 * The dev server's finished spans, for adk-web's trace endpoints: indexed by session (the
 * `gcp.vertex.agent.session_id` attribute) and by event (`gcp.vertex.agent.event_id`), bounded in
 * total. Past `limit` spans or `maxChars` characters of attributes, whole sessions go, least
 * recently used first (a session is used when a span is added to it or its trace is read), so
 * memory stays bounded however many sessions run, whatever the spans carry.
 *
 * @example
 * ```ts
 * const store = new SpanStore(1_000);
 * store.add(span);
 * store.sessionSpans('s1');      // its spans, in the order they ended
 * store.eventAttributes('e-42'); // the model or tool span of that event: attributes + ids
 * ```
 */
export class SpanStore {
  private readonly sessions = new Map<string, RecordedSpan[]>();
  private count = 0;
  private chars = 0;

  constructor(
    readonly limit: number = DEFAULT_SPAN_LIMIT,
    readonly maxChars: number = DEFAULT_SPAN_CHARS,
  ) {}

  /** How many spans are kept. */
  get size(): number {
    return this.count;
  }

  /** Keeps a finished span (spans without a session id are not kept). */
  add(span: RecordedSpan): void {
    const sessionId = span.attributes['gcp.vertex.agent.session_id'];
    if (typeof sessionId !== 'string') return;
    const spans = touch(this.sessions, sessionId) ?? [];
    spans.push(span);
    this.sessions.set(sessionId, spans);
    this.count++;
    this.chars += charsOf(span);
    this.evict();
  }

  /** The spans of a session, in the order they ended; `[]` for an unknown session. */
  sessionSpans(sessionId: string): RecordedSpan[] {
    return [...(touch(this.sessions, sessionId) ?? [])];
  }

  /**
   * What adk-web's event view reads for an event: the attributes of the model or tool span that
   * produced it, with `trace_id` and `span_id` (as ADK's server answers); `undefined` when none.
   */
  eventAttributes(eventId: string): Record<string, unknown> | undefined {
    for (const spans of this.sessions.values()) {
      const span = spans.find((s) => s.attributes['gcp.vertex.agent.event_id'] === eventId && (s.name === 'call_llm' || s.name.startsWith('execute_tool')));
      if (span) return { ...span.attributes, trace_id: span.trace_id, span_id: span.span_id };
    }
    return undefined;
  }

  /** Forgets a session's spans (when the session is deleted). */
  deleteSession(sessionId: string): void {
    const spans = this.sessions.get(sessionId);
    if (spans) this.forgetSpans(spans);
    this.sessions.delete(sessionId);
  }

  private evict(): void {
    const over = (): boolean => this.count > this.limit || this.chars > this.maxChars;
    evictLeastRecent(this.sessions, over, (_id, spans) => this.forgetSpans(spans));
    const [only] = this.sessions.values();
    while (only && only.length > 1 && over()) this.forgetSpans(only.splice(0, 1));
  }

  private forgetSpans(spans: readonly RecordedSpan[]): void {
    this.count -= spans.length;
    for (const span of spans) this.chars -= charsOf(span);
  }
}

function charsOf(span: RecordedSpan): number {
  let chars = SPAN_OVERHEAD;
  for (const value of Object.values(span.attributes)) if (typeof value === 'string') chars += value.length;
  return chars;
}
