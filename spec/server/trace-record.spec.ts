import { hookRecord, RECORD_OVERHEAD, recordChars, spanRecord } from '../../lib/server/trace-record.js';
import type { TraceEntry } from '../../lib/server/trace-entry.js';
import type { RecordedSpan } from '../../lib/telemetry/recording-instrumentation.js';

const entry: TraceEntry = { seq: 1, time: 2, elapsedMs: 3, invocationId: 'e-1', appName: 'app', userId: 'u', sessionId: 's', hook: 'beforeTool', tool: 'f', plugins: ['p'], callbacks: 1 };
const span: RecordedSpan = { name: 'call_llm', span_id: 'ab', trace_id: 'cd', parent_span_id: null, start_time: 1, end_time: 2, attributes: {} };

describe('trace records', () => {
  it('wrap a hook entry or a span, as they are', () => {
    expect(hookRecord(entry)).toEqual({ kind: 'hook', entry });
    expect(spanRecord(span).kind).toBe('span');
    expect(spanRecord(span)).toMatchObject({ span });
  });

  it('count their overhead and their strings: a span\'s string attributes, an entry\'s string fields', () => {
    expect(recordChars(spanRecord(span))).toBe(RECORD_OVERHEAD);
    const captured = { ...span, attributes: { 'gcp.vertex.agent.llm_request': 'x'.repeat(1_000), 'gen_ai.usage.input_tokens': 12, flags: ['ab'] } };
    expect(recordChars(spanRecord(captured))).toBe(RECORD_OVERHEAD + 1_000);
    // e-1, app, u, s, beforeTool, f: 3 + 3 + 1 + 1 + 10 + 1
    expect(recordChars(hookRecord(entry))).toBe(RECORD_OVERHEAD + 19);
    expect(recordChars(hookRecord({ ...entry, detail: 'y'.repeat(160) }))).toBe(RECORD_OVERHEAD + 19 + 160);
  });
});
