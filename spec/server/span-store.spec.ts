import { SpanStore } from '../../lib/server/span-store.js';
import type { RecordedSpan } from '../../lib/telemetry/recording-instrumentation.js';

const span = (session: string, name = 'call_llm', eventId?: string): RecordedSpan => ({
  name,
  span_id: `${session}-${name}-${eventId ?? ''}`,
  trace_id: 't',
  parent_span_id: null,
  start_time: 1,
  end_time: 2,
  attributes: { 'gcp.vertex.agent.session_id': session, ...(eventId ? { 'gcp.vertex.agent.event_id': eventId } : {}) },
});

describe('SpanStore', () => {
  it('keeps spans by session, and finds the model or tool span of an event', () => {
    const store = new SpanStore(10);
    store.add(span('s1', 'invocation'));
    store.add(span('s1', 'call_llm', 'e1'));
    store.add(span('s1', 'execute_tool f', 'e2'));
    expect(store.sessionSpans('s1').map((s) => s.name)).toEqual(['invocation', 'call_llm', 'execute_tool f']);
    expect(store.eventAttributes('e2')).toMatchObject({ 'gcp.vertex.agent.event_id': 'e2', span_id: 's1-execute_tool f-e2', trace_id: 't' });
    expect(store.eventAttributes('nope')).toBeUndefined();
    expect(store.sessionSpans('unknown')).toEqual([]);
  });

  it('evicts whole sessions, least recently used first, past its limit', () => {
    const store = new SpanStore(4);
    store.add(span('a'));
    store.add(span('a', 'x'));
    store.add(span('b'));
    store.sessionSpans('a'); // a is now used more recently than b
    store.add(span('c'));
    store.add(span('c', 'x'));
    expect(store.size).toBe(4);
    expect(store.sessionSpans('b')).toEqual([]);
    expect(store.sessionSpans('a')).toHaveLength(2);
  });

  it('stays bounded over many sessions, and trims a single session that outgrows the limit', () => {
    const store = new SpanStore(100);
    for (let i = 0; i < 10_000; i++) store.add(span(`s${i % 2_000}`, `n${i}`));
    expect(store.size).toBeLessThanOrEqual(100);
    const single = new SpanStore(3);
    for (let i = 0; i < 5; i++) single.add(span('only', `n${i}`));
    expect(single.sessionSpans('only').map((s) => s.name)).toEqual(['n2', 'n3', 'n4']);
  });

  it('bounds the characters of the spans\' attributes too: big captured requests evict whole sessions first', () => {
    const big = (session: string, name: string): RecordedSpan => ({ ...span(session, name), attributes: { ...span(session).attributes, 'gcp.vertex.agent.llm_request': 'x'.repeat(1_000) } });
    const store = new SpanStore(1_000, 2_500);
    store.add(big('a', 'a1'));
    store.add(big('b', 'b1'));
    store.add(big('c', 'c1'));
    expect(store.sessionSpans('a')).toEqual([]);
    expect(store.sessionSpans('b').map((s) => s.name)).toEqual(['b1']);
    store.add(big('c', 'c2'));
    store.add(big('c', 'c3'));
    expect(store.sessionSpans('b')).toEqual([]);
    expect(store.sessionSpans('c').map((s) => s.name)).toEqual(['c2', 'c3']);
    store.deleteSession('c');
    expect(store.size).toBe(0);
    store.add(big('d', 'd1'));
    store.add(big('d', 'd2'));
    expect(store.size).toBe(2); // 2 × 1,200 characters: within the bound again after the delete
  });

  it('ignores spans without a session, and forgets a deleted session', () => {
    const store = new SpanStore(10);
    store.add({ ...span('x'), attributes: {} });
    expect(store.size).toBe(0);
    store.add(span('s'));
    store.deleteSession('s');
    expect(store.size).toBe(0);
  });
});
