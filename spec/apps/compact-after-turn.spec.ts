import { jest } from '@jest/globals';
import { concat, defer, lastValueFrom, map, NEVER, type Observable, tap, throwError, toArray } from 'rxjs';
import { App } from '../../lib/apps/app.js';
import type { EventCompactionError } from '../../lib/compaction/event-compaction-error.js';
import type { Event } from '../../lib/events/event.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { testScheduler } from '../support/test-scheduler.js';
import { echoAgent, lines, message, RecordingSummarizer } from './support.js';
import { REAL_STORES } from '../support/real-stores.js';

const ref = { userId: 'u1', sessionId: 's1' };

function setup(summarizer: RecordingSummarizer, window = { compactionInterval: 2, overlapSize: 0 }, onError?: (e: EventCompactionError) => void) {
  const { agent, requests } = echoAgent();
  const sessionService = new InMemorySessionService();
  const app = new App({ name: 'app', rootAgent: agent, eventsCompaction: { ...window, summarizer, ...(onError ? { onError } : {}) } });
  const runner = new Runner({ app, sessionService, autoCreateSession: true });
  const run = (text: string): Observable<string> => runner.runAsync({ ...ref, newMessage: message(text) }).pipe(map(simplifyEvent));
  const stored = () => {
    let events: Event[] = [];
    sessionService.getSession({ appName: 'app', ...ref }).subscribe((s) => (events = s?.events ?? []));
    return events;
  };
  return { runner, run, requests, stored };
}

describe('sliding-window compaction after a turn (marble)', () => {
  it('counts invocations: nothing after turn 1, a summary after turn 2 — written after the caller completed — that turn 3 is sent', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const log: string[] = [];
      const answer = cold<Event | undefined>('--s|', {});
      const summarizer = new RecordingSummarizer((_events, summary) => {
        log.push('summarizer called');
        return answer.pipe(map(() => summary), tap({ subscribe: () => log.push('summarizer subscribed') }));
      });
      const { run, requests, stored } = setup(summarizer);
      const logged = (name: string, turn$: Observable<string>) => turn$.pipe(tap({ complete: () => log.push(`${name} complete`) }));
      expectObservable(logged('turn 1', run('q1'))).toBe('(a|)', { a: 'agent: a1' });
      expectObservable(logged('turn 2', run('q2')), '10ms ^').toBe('10ms (b|)', { b: 'agent: a2' });
      // turn 3 is asked for at 11 ms, and waits for the compaction (stored at 12 ms)
      expectObservable(logged('turn 3', run('q3')), '11ms ^').toBe('12ms (c|)', { c: 'agent: a3' });
      expectSubscriptions(answer.subscriptions).toBe('10ms ^-!');
      flush();
      expect(log).toEqual(['turn 1 complete', 'turn 2 complete', 'summarizer called', 'summarizer subscribed', 'turn 3 complete']);
      expect(summarizer.calls.map((events) => events.map(simplifyEvent))).toEqual([['user: q1', 'agent: a1', 'user: q2', 'agent: a2']]);
      expect(lines(requests[2]!.contents)).toEqual(['model:summary of q1, a1, q2, a2', 'user:q3']);
      // raw events stay stored, the compaction event after turn 2's
      expect(stored().map((e) => (e.actions.compaction ? 'compaction' : simplifyEvent(e)))).toEqual([
        'user: q1', 'agent: a1', 'user: q2', 'agent: a2', 'compaction', 'user: q3', 'agent: a3',
      ]);
    });
  });

  it('the next trigger (turn 4) summarises the previous summary first; turn 5 is sent that one summary only', () => {
    testScheduler().run(({ expectObservable, flush }) => {
      const summarizer = new RecordingSummarizer();
      const { run, requests } = setup(summarizer);
      for (const [i, text] of ['q1', 'q2', 'q3', 'q4', 'q5'].entries()) {
        expectObservable(run(text), `${i * 10}ms ^`).toBe(`${i * 10}ms (a|)`, { a: `agent: a${i + 1}` });
      }
      flush();
      expect(summarizer.calls.map((events) => events.map(simplifyEvent))).toEqual([
        ['user: q1', 'agent: a1', 'user: q2', 'agent: a2'],
        ['model: summary of q1, a1, q2, a2', 'user: q3', 'agent: a3', 'user: q4', 'agent: a4'],
      ]);
      expect(summarizer.calls[1]![0]!.timestamp).toBe(summarizer.calls[0]![0]!.timestamp);
      expect(lines(requests[4]!.contents)).toEqual(['model:summary of summary of q1, a1, q2, a2, q3, a3, q4, a4', 'user:q5']);
    });
  });

  it('what is sent stays bounded: over 30 turns, every request holds at most one summary and the raw turns since it', () => {
    testScheduler().run(({ expectObservable, flush }) => {
      const { run, requests } = setup(new RecordingSummarizer(), { compactionInterval: 3, overlapSize: 1 });
      for (let i = 0; i < 30; i++) expectObservable(run(`q${i + 1}`), `${i * 10}ms ^`).toBe(`${i * 10}ms (a|)`, { a: `agent: a${i + 1}` });
      flush();
      expect(requests).toHaveLength(30);
      const summaries = requests.map((request) => lines(request.contents).filter((line) => line.startsWith('model:summary')).length);
      expect(Math.max(...summaries)).toBe(1);
      // at most: one summary, the overlap turn and the interval's turns raw (2 contents each), and the new message
      expect(Math.max(...requests.map((request) => request.contents.length))).toBeLessThanOrEqual(1 + 2 * (3 + 1) + 1);
      expect(lines(requests[29]!.contents).at(-1)).toBe('user:q30');
    });
  });

  it('a failing summarizer loses nothing: the turn succeeds, onError gets the cause, the next trigger tries again', () => {
    testScheduler().run(({ cold, expectObservable, flush }) => {
      const errors: EventCompactionError[] = [];
      const boom = new Error('model overloaded');
      let attempt = 0;
      const summarizer = new RecordingSummarizer((_e, summary) => (++attempt === 1 ? cold('--#', {}, boom) : cold('-s|', { s: summary })));
      const { run, requests } = setup(summarizer, undefined, (e) => errors.push(e));
      expectObservable(run('q1')).toBe('(a|)', { a: 'agent: a1' });
      expectObservable(run('q2'), '10ms ^').toBe('10ms (b|)', { b: 'agent: a2' });
      expectObservable(run('q3'), '20ms ^').toBe('20ms (c|)', { c: 'agent: a3' });
      expectObservable(run('q4'), '30ms ^').toBe('30ms (d|)', { d: 'agent: a4' });
      flush();
      expect(errors).toHaveLength(1);
      expect(errors[0]!.cause).toBe(boom);
      expect(errors[0]!.message).toContain('model overloaded');
      expect(errors[0]!.trigger).toBe('sliding_window');
      expect(lines(requests[2]!.contents)).toEqual(['user:q1', 'model:a1', 'user:q2', 'model:a2', 'user:q3']);
      expect(summarizer.calls.map((c) => c.length)).toEqual([4, 6]);
      expect(lines(requests[3]!.contents)).toEqual(['model:summary of q1, a1, q2, a2, q3, a3', 'user:q4']);
    });
  });

  it('a summarizer that never answers is given up after summarizerTimeoutMs; the waiting turn then runs on the raw history', () => {
    testScheduler().run(({ expectObservable, flush }) => {
      const errors: EventCompactionError[] = [];
      const summarizer = new RecordingSummarizer(() => NEVER);
      const { agent, requests } = echoAgent();
      const app = new App({ name: 'app', rootAgent: agent, eventsCompaction: { compactionInterval: 1, overlapSize: 0, summarizer, summarizerTimeoutMs: 50, onError: (e) => errors.push(e) } });
      const runner = new Runner({ app, sessionService: new InMemorySessionService(), autoCreateSession: true });
      expectObservable(runner.runAsync({ ...ref, newMessage: message('q1') }).pipe(map(simplifyEvent))).toBe('(a|)', { a: 'agent: a1' });
      expectObservable(runner.runAsync({ ...ref, newMessage: message('q2') }).pipe(map(simplifyEvent)), '1ms ^').toBe('50ms (b|)', { b: 'agent: a2' });
      flush();
      expect(errors.map((e) => e.message)).toEqual([expect.stringContaining('no answer within 50 ms'), expect.stringContaining('no answer within 50 ms')]);
      expect(lines(requests[1]!.contents)).toEqual(['user:q1', 'model:a1', 'user:q2']);
    });
  });

  it('unsubscribing before the turn ends runs no compaction; a turn that errors runs none either', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const summarizer = new RecordingSummarizer();
      const { agent } = echoAgent();
      const slow = cold('---x|');
      const app = new App({ name: 'app', rootAgent: agent, eventsCompaction: { compactionInterval: 1, overlapSize: 0, summarizer } });
      const runner = new Runner({ app, sessionService: new InMemorySessionService(), autoCreateSession: true, plugins: [] });
      const turn$ = concat(slow, runner.runAsync({ ...ref, newMessage: message('q1') }));
      expectObservable(turn$, '^-!').toBe('');
      expectSubscriptions(slow.subscriptions).toBe('^-!');
      const failing = new Runner({
        app: new App({ name: 'app', rootAgent: agent, eventsCompaction: { compactionInterval: 1, overlapSize: 0, summarizer } }),
        sessionService: new InMemorySessionService(),
      });
      expectObservable(failing.runAsync({ ...ref, newMessage: message('q1') })).toBe('#', undefined, expect.objectContaining({ code: 'SESSION_NOT_FOUND' }));
      flush();
      expect(summarizer.calls).toEqual([]);
    });
  });

  it('whenIdle emits once the compaction a turn left running is stored', async () => {
    const summarizer = new RecordingSummarizer();
    const { runner, run, stored } = setup(summarizer, { compactionInterval: 1, overlapSize: 0 });
    await lastValueFrom(run('q1').pipe(toArray()));
    await lastValueFrom(runner.whenIdle(ref));
    expect(stored().filter((e) => e.actions.compaction)).toHaveLength(1);
  });

  it('a summarizer that returns nothing, or something that is not a compaction event, stores nothing', () => {
    const errors: EventCompactionError[] = [];
    const empty = setup(new RecordingSummarizer(() => defer(() => [undefined])), { compactionInterval: 1, overlapSize: 0 }, (e) => errors.push(e));
    empty.run('q1').subscribe();
    expect(empty.stored().some((e) => e.actions.compaction)).toBe(false);
    const wrong = setup(new RecordingSummarizer((_e, s) => defer(() => [{ ...s, actions: { ...s.actions, compaction: undefined } }])), { compactionInterval: 1, overlapSize: 0 }, (e) => errors.push(e));
    wrong.run('q1').subscribe();
    expect(wrong.stored()).toHaveLength(2);
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining('without actions.compaction')]);
    const thrown = setup(new RecordingSummarizer(() => throwError(() => new Error('x'))), { compactionInterval: 1, overlapSize: 0 }, () => {
      throw new Error('onError itself failed');
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(() => thrown.run('q1').subscribe()).not.toThrow();
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe.each(REAL_STORES)('sliding-window compaction on the %s store', (_name, open) => {
  it('stores the compaction event (round trip of actions.compaction), keeps every raw event, and the next turn is sent the summary', async () => {
    const store = await open();
    try {
      const summarizer = new RecordingSummarizer();
      const { agent, requests } = echoAgent();
      const app = new App({ name: 'app', rootAgent: agent, eventsCompaction: { compactionInterval: 2, overlapSize: 1, summarizer } });
      let now = 1_764_000_000_000;
      // a clock that moves 1 ms per event: fast turns would otherwise share milliseconds, and a
      // range never ends between two events of one millisecond (which would shift the ranges here)
      const runner = new Runner({ app, sessionService: store.service, autoCreateSession: true, clock: () => (now += 1) });
      for (const text of ['q1', 'q2', 'q3', 'q4']) await lastValueFrom(runner.runAsync({ ...ref, newMessage: message(text) }).pipe(toArray()));
      await lastValueFrom(runner.whenIdle(ref));
      const session = await lastValueFrom(store.service.getSession({ appName: 'app', ...ref }));
      const compactions = session!.events.filter((e) => e.actions.compaction);
      expect(session!.events.filter((e) => !e.actions.compaction).map(simplifyEvent)).toEqual([
        'user: q1', 'agent: a1', 'user: q2', 'agent: a2', 'user: q3', 'agent: a3', 'user: q4', 'agent: a4',
      ]);
      expect(compactions).toHaveLength(2);
      expect(compactions[1]!.author).toBe('user');
      // the second summary folds the first one in (its text first) and covers its range too
      expect(compactions[1]!.actions.compaction).toEqual({
        startTimestamp: session!.events[0]!.timestamp,
        endTimestamp: session!.events[8]!.timestamp,
        compactedContent: { role: 'model', parts: [{ text: 'summary of summary of q1, a1, q2, a2, q2, a2, q3, a3, q4, a4' }] },
      });
      await lastValueFrom(runner.runAsync({ ...ref, newMessage: message('q5') }).pipe(toArray()));
      // so the next request is sent the latest summary only (the one it contains is dropped)
      expect(lines(requests[4]!.contents)).toEqual(['model:summary of summary of q1, a1, q2, a2, q2, a2, q3, a3, q4, a4', 'user:q5']);
    } finally {
      await store.close();
    }
  });
});
