import { timelineOf } from '../../lib/server/timeline-of.js';
import type { TraceEntry } from '../../lib/server/trace-entry.js';
import { hookRecord, spanRecord } from '../../lib/server/trace-record.js';
import type { RecordedSpan } from '../../lib/telemetry/recording-instrumentation.js';

const entry = (seq: number): TraceEntry => ({ seq, time: 0, elapsedMs: 0, invocationId: 'e', appName: 'a', userId: 'u', sessionId: 's', hook: 'onEvent' });
const span = (name: string): RecordedSpan => ({ name, span_id: name, trace_id: 't', parent_span_id: null, start_time: 1, end_time: 2, attributes: {} });

describe('timelineOf', () => {
  it('is empty for no records, or for spans only', () => {
    expect(timelineOf([])).toEqual([]);
    expect(timelineOf([spanRecord(span('call_llm'))])).toEqual([]);
  });

  it('keeps the hook entries, in order, and leaves the spans out', () => {
    const one = entry(1);
    expect(timelineOf([hookRecord(one)])).toEqual([one]);
    const records = [hookRecord(entry(1)), spanRecord(span('call_llm')), hookRecord(entry(2)), spanRecord(span('invocation')), hookRecord(entry(3))];
    expect(timelineOf(records).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('hands out the entries themselves (what was streamed is what is served)', () => {
    const one = entry(1);
    expect(timelineOf([hookRecord(one)])[0]).toBe(one);
  });
});
