import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { recordChars, spanRecord } from '../../lib/server/trace-record.js';
import { TraceStore } from '../../lib/server/trace-store.js';
import type { RecordedSpan } from '../../lib/telemetry/recording-instrumentation.js';

const ref = { appName: 'app', userId: 'u', sessionId: 's' };
const at = (sessionId: string, invocationId = `${sessionId}1`) => ({ ...ref, sessionId, invocationId });

const span = (sessionId: string, name = 'call_llm', eventId?: string, extra: Record<string, string> = {}): RecordedSpan => ({
  name,
  span_id: `${sessionId}-${name}-${eventId ?? ''}`,
  trace_id: 't',
  parent_span_id: null,
  start_time: 1,
  end_time: 2,
  attributes: { 'gcp.vertex.agent.session_id': sessionId, ...(eventId ? { 'gcp.vertex.agent.event_id': eventId } : {}), ...extra },
});

describe('TraceStore: the hook timeline', () => {
  it('numbers entries across invocations, keeps the last N invocations per session, and forgets a session', () => {
    const traces = new TraceStore({ maxInvocationsPerSession: 2 });
    for (const invocationId of ['e-1', 'e-2', 'e-3']) traces.record(undefined, { ...ref, invocationId, hook: 'beforeRun' });

    expect(traces.tracesOf(ref).map((e) => [e.invocationId, e.seq])).toEqual([
      ['e-2', 2],
      ['e-3', 3],
    ]);
    expect(traces.tracesOf({ ...ref, userId: 'other' })).toEqual([]);
    traces.forget(ref);
    expect(traces.tracesOf(ref)).toEqual([]);
    expect(traces.size).toBe(0);
  });

  it('bounds the records over all sessions: the least recently used session goes first', () => {
    const traces = new TraceStore({ maxRecords: 4 });
    traces.record(undefined, { ...at('a'), hook: 'beforeRun' });
    traces.record(undefined, { ...at('a'), hook: 'afterRun' });
    traces.record(undefined, { ...at('b'), hook: 'beforeRun' });
    traces.tracesOf(at('a')); // reading a makes b the least recently used
    traces.record(undefined, { ...at('c'), hook: 'beforeRun' });
    traces.record(undefined, { ...at('c'), hook: 'afterRun' });
    expect(traces.size).toBe(4);
    expect(traces.tracesOf(at('b'))).toEqual([]);
    expect(traces.tracesOf(at('a')).map((e) => e.hook)).toEqual(['beforeRun', 'afterRun']);
    traces.forget(at('a'));
    expect(traces.size).toBe(2);
  });

  it('bounds a single session by its oldest invocations, and a single run by its oldest records', () => {
    const traces = new TraceStore({ maxRecords: 3 });
    for (const invocationId of ['e-1', 'e-1', 'e-2', 'e-2']) traces.record(undefined, { ...ref, invocationId, hook: 'onEvent' });
    expect(traces.tracesOf(ref).map((e) => e.invocationId)).toEqual(['e-2', 'e-2']);
    for (let i = 0; i < 5; i++) traces.record(undefined, { ...ref, invocationId: 'e-3', hook: 'onEvent', detail: String(i) });
    expect(traces.tracesOf(ref).map((e) => e.detail)).toEqual(['2', '3', '4']);
    expect(traces.size).toBe(3);
  });

  it('stays within its bound over 20,000 turns in 2,000 sessions', () => {
    const traces = new TraceStore({ maxRecords: 1_000 });
    for (let turn = 0; turn < 20_000; turn++) {
      const run = { ...ref, sessionId: `s${turn % 2_000}`, invocationId: `e-${turn}` };
      for (const hook of ['beforeRun', 'onEvent', 'afterRun'] as const) traces.record(undefined, { ...run, hook });
    }
    expect(traces.size).toBeLessThanOrEqual(1_000);
    expect(traces.tracesOf({ ...ref, sessionId: 's1999' }).map((e) => e.invocationId)).toEqual(Array(3).fill('e-19999'));
  });

  it('hands a run\'s entries only to the watchers of that run\'s RunConfig, until they unsubscribe', () => {
    new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(({ cold, expectObservable }) => {
      const traces = new TraceStore();
      const mine = {};
      const other = {};
      const records = cold('-a-b-c-d', { a: [mine, 'm1'], b: [other, 'o1'], c: [mine, 'm2'], d: [mine, 'm3'] } as const);
      records.subscribe(([runConfig, invocationId]) => traces.record(runConfig, { ...ref, invocationId, hook: 'beforeRun' }));
      expectObservable(traces.watch(mine).pipe(map((e) => e.invocationId)), '^-----!').toBe('-a---c-', { a: 'm1', c: 'm2' });
      expectObservable(traces.watch(other).pipe(map((e) => e.invocationId))).toBe('---b----', { b: 'o1' });
    });
  });

  it('times each entry from its invocation\'s first record, and records without a RunConfig reach no watcher', () => {
    const traces = new TraceStore();
    const seen: string[] = [];
    traces.watch({}).subscribe((e) => seen.push(e.invocationId));
    const first = traces.record(undefined, { ...ref, invocationId: 'e-1', hook: 'beforeRun' });
    expect(first).toMatchObject({ seq: 1, elapsedMs: expect.any(Number), time: expect.any(Number) });
    expect(first.elapsedMs).toBeLessThan(1_000);
    expect(seen).toEqual([]);
  });
});

describe('TraceStore: the spans', () => {
  it('keeps spans by session, and finds the model or tool span of an event', () => {
    const traces = new TraceStore();
    traces.recordSpan(at('s1'), span('s1', 'invocation'));
    traces.recordSpan(at('s1'), span('s1', 'call_llm', 'e1'));
    traces.recordSpan(at('s1'), span('s1', 'execute_tool f', 'e2'));
    expect(traces.sessionSpans('s1').map((s) => s.name)).toEqual(['invocation', 'call_llm', 'execute_tool f']);
    expect(traces.eventAttributes('e2')).toMatchObject({ 'gcp.vertex.agent.event_id': 'e2', span_id: 's1-execute_tool f-e2', trace_id: 't' });
    expect(traces.eventAttributes('nope')).toBeUndefined();
    expect(traces.sessionSpans('unknown')).toEqual([]);
  });

  it('evicts whole sessions, least recently used first, past its limit', () => {
    const traces = new TraceStore({ maxRecords: 4 });
    traces.recordSpan(at('a'), span('a'));
    traces.recordSpan(at('a'), span('a', 'x'));
    traces.recordSpan(at('b'), span('b'));
    traces.sessionSpans('a'); // a is now used more recently than b
    traces.recordSpan(at('c'), span('c'));
    traces.recordSpan(at('c'), span('c', 'x'));
    expect(traces.size).toBe(4);
    expect(traces.sessionSpans('b')).toEqual([]);
    expect(traces.sessionSpans('a')).toHaveLength(2);
  });

  it('stays bounded over many sessions, and trims a single run that outgrows the limit', () => {
    const traces = new TraceStore({ maxRecords: 100 });
    for (let i = 0; i < 10_000; i++) traces.recordSpan(at(`s${i % 2_000}`), span(`s${i % 2_000}`, `n${i}`));
    expect(traces.size).toBeLessThanOrEqual(100);
    const single = new TraceStore({ maxRecords: 3 });
    for (let i = 0; i < 5; i++) single.recordSpan(at('only'), span('only', `n${i}`));
    expect(single.sessionSpans('only').map((s) => s.name)).toEqual(['n2', 'n3', 'n4']);
  });

  it('bounds the characters too: big captured requests evict whole sessions first, and a run alone keeps its newest span', () => {
    const big = (session: string, name: string) => span(session, name, undefined, { 'gcp.vertex.agent.llm_request': 'x'.repeat(1_000) });
    const size = recordChars(spanRecord(big('a', 'a1')));
    const traces = new TraceStore({ maxChars: 2 * size + 100 });
    traces.recordSpan(at('a'), big('a', 'a1'));
    traces.recordSpan(at('b'), big('b', 'b1'));
    traces.recordSpan(at('c'), big('c', 'c1'));
    expect(traces.sessionSpans('a')).toEqual([]);
    expect(traces.sessionSpans('b').map((s) => s.name)).toEqual(['b1']);
    traces.recordSpan(at('c'), big('c', 'c2'));
    traces.recordSpan(at('c'), big('c', 'c3'));
    expect(traces.sessionSpans('b')).toEqual([]);
    expect(traces.sessionSpans('c').map((s) => s.name)).toEqual(['c2', 'c3']);
    expect(traces.chars).toBe(2 * size);
    traces.forget(at('c'));
    expect([traces.size, traces.chars]).toEqual([0, 0]);
    const tiny = new TraceStore({ maxChars: 10 });
    tiny.recordSpan(at('d'), big('d', 'd1'));
    tiny.recordSpan(at('d'), big('d', 'd2'));
    expect(tiny.sessionSpans('d').map((s) => s.name)).toEqual(['d2']);
  });

  it('serves the spans of every user\'s session with that id (adk-web names no user), and forgets only the deleted one', () => {
    const traces = new TraceStore();
    traces.recordSpan({ ...at('s'), userId: 'ann' }, span('s', 'call_llm', 'e-ann'));
    traces.recordSpan({ ...at('s'), userId: 'bob' }, span('s', 'call_llm', 'e-bob'));
    expect(traces.sessionSpans('s').map((s) => s.attributes['gcp.vertex.agent.event_id'])).toEqual(['e-ann', 'e-bob']);
    traces.forget({ ...ref, userId: 'ann' });
    expect(traces.sessionSpans('s').map((s) => s.attributes['gcp.vertex.agent.event_id'])).toEqual(['e-bob']);
    expect(traces.size).toBe(1);
  });
});

describe('TraceStore: one store, one set of bounds, both views', () => {
  it('keeps a run\'s hooks and spans together: the timeline shows the hooks, the Traces view the spans', () => {
    const traces = new TraceStore();
    traces.record(undefined, { ...at('s'), hook: 'beforeModel' });
    traces.recordSpan(at('s'), span('s', 'call_llm', 'e1'));
    traces.record(undefined, { ...at('s'), hook: 'afterRun' });
    expect(traces.tracesOf(at('s')).map((e) => e.hook)).toEqual(['beforeModel', 'afterRun']);
    expect(traces.sessionSpans('s').map((s) => s.name)).toEqual(['call_llm']);
    expect(traces.size).toBe(3);
  });

  it('counts hooks and spans against the same bound: a session evicted for spans loses its timeline too', () => {
    const traces = new TraceStore({ maxRecords: 3 });
    traces.record(undefined, { ...at('a'), hook: 'beforeRun' });
    traces.recordSpan(at('a'), span('a', 'invocation'));
    traces.recordSpan(at('b'), span('b', 'call_llm'));
    traces.recordSpan(at('b'), span('b', 'invocation'));
    expect(traces.tracesOf(at('a'))).toEqual([]);
    expect(traces.sessionSpans('a')).toEqual([]);
    expect(traces.sessionSpans('b')).toHaveLength(2);
    expect(traces.size).toBe(2);
  });

  it('forgetting a session drops both views', () => {
    const traces = new TraceStore();
    traces.record(undefined, { ...at('s'), hook: 'beforeRun' });
    traces.recordSpan(at('s'), span('s', 'call_llm', 'e1'));
    traces.forget(at('s'));
    expect([traces.tracesOf(at('s')), traces.sessionSpans('s'), traces.eventAttributes('e1'), traces.size, traces.chars]).toEqual([[], [], undefined, 0, 0]);
  });
});
