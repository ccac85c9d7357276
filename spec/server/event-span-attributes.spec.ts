import { eventSpanAttributes } from '../../lib/server/event-span-attributes.js';
import type { TraceEntry } from '../../lib/server/trace-entry.js';
import { hookRecord, spanRecord } from '../../lib/server/trace-record.js';
import type { RecordedSpan } from '../../lib/telemetry/recording-instrumentation.js';

const span = (name: string, eventId?: string): RecordedSpan => ({
  name,
  span_id: `${name}-id`,
  trace_id: 't',
  parent_span_id: null,
  start_time: 1,
  end_time: 2,
  attributes: { 'gcp.vertex.agent.session_id': 's', ...(eventId ? { 'gcp.vertex.agent.event_id': eventId } : {}) },
});
const entry: TraceEntry = { seq: 1, time: 0, elapsedMs: 0, invocationId: 'e', appName: 'a', userId: 'u', sessionId: 's', hook: 'onEvent', eventId: 'e1' };

describe('eventSpanAttributes', () => {
  it('is undefined for no records, an unknown event, or an event with only a hook entry', () => {
    expect(eventSpanAttributes([], 'e1')).toBeUndefined();
    expect(eventSpanAttributes([spanRecord(span('call_llm', 'e1'))], 'nope')).toBeUndefined();
    expect(eventSpanAttributes([hookRecord(entry)], 'e1')).toBeUndefined();
  });

  it('answers the model span\'s attributes with its trace and span ids', () => {
    expect(eventSpanAttributes([spanRecord(span('call_llm', 'e1'))], 'e1')).toEqual({ 'gcp.vertex.agent.session_id': 's', 'gcp.vertex.agent.event_id': 'e1', trace_id: 't', span_id: 'call_llm-id' });
  });

  it('takes only a model or tool span: never an agent or invocation span that names the event', () => {
    const records = [spanRecord(span('invoke_agent a', 'e2')), spanRecord(span('invocation', 'e2')), spanRecord(span('execute_tool get_weather', 'e2'))];
    expect(eventSpanAttributes(records, 'e2')).toMatchObject({ span_id: 'execute_tool get_weather-id' });
    expect(eventSpanAttributes(records.slice(0, 2), 'e2')).toBeUndefined();
  });

  it('does not change the span it reads', () => {
    const kept = span('call_llm', 'e1');
    eventSpanAttributes([spanRecord(kept)], 'e1');
    expect(Object.keys(kept.attributes)).toEqual(['gcp.vertex.agent.session_id', 'gcp.vertex.agent.event_id']);
  });
});
