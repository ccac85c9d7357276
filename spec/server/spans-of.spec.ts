import { spansOf } from '../../lib/server/spans-of.js';
import type { TraceEntry } from '../../lib/server/trace-entry.js';
import { hookRecord, spanRecord } from '../../lib/server/trace-record.js';
import type { RecordedSpan } from '../../lib/telemetry/recording-instrumentation.js';

const entry: TraceEntry = { seq: 1, time: 0, elapsedMs: 0, invocationId: 'e', appName: 'a', userId: 'u', sessionId: 's', hook: 'onEvent' };
const span = (name: string): RecordedSpan => ({ name, span_id: name, trace_id: 't', parent_span_id: null, start_time: 1, end_time: 2, attributes: {} });

describe('spansOf', () => {
  it('is empty for no records, or for hook entries only', () => {
    expect(spansOf([])).toEqual([]);
    expect(spansOf([hookRecord(entry), hookRecord(entry)])).toEqual([]);
  });

  it('keeps the spans in the order they ended, and leaves the hook entries out', () => {
    const one = span('call_llm');
    expect(spansOf([spanRecord(one)])).toEqual([one]);
    const records = [hookRecord(entry), spanRecord(span('execute_tool f')), hookRecord(entry), spanRecord(span('call_llm')), spanRecord(span('invocation'))];
    expect(spansOf(records).map((s) => s.name)).toEqual(['execute_tool f', 'call_llm', 'invocation']);
  });
});
