import { concatMap, lastValueFrom, map, type Observable, timer, toArray } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import { App } from '../../../lib/apps/app.js';
import type { EventCompactionError } from '../../../lib/compaction/event-compaction-error.js';
import type { Event } from '../../../lib/events/event.js';
import type { LlmRequest } from '../../../lib/models/llm-request.js';
import type { LlmResponse } from '../../../lib/models/llm-response.js';
import { Runner } from '../../../lib/runner/runner.js';
import { InMemorySessionService } from '../../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';
import { LongRunningFunctionTool } from '../../../lib/tools/long-running-function-tool.js';
import { simplifyEvent } from '../../../lib/testing/simplify-events.js';
import { testScheduler } from '../../support/test-scheduler.js';
import { lines, message, RecordingSummarizer } from '../../apps/support.js';
import { REAL_STORES } from '../../support/real-stores.js';

const ref = { userId: 'u1', sessionId: 's1' };
const show = (e: Event) => (e.actions.compaction ? `compaction[${e.actions.compaction.compactedContent.parts?.[0]?.text}]` : simplifyEvent(e));

function setup(options: { summarizer: RecordingSummarizer; tokenThreshold: number; eventRetentionSize: number; usage?: number[]; onError?: (e: EventCompactionError) => void }) {
  const requests: LlmRequest[] = [];
  let n = 0;
  const model = new ScriptedLlm(
    Array.from({ length: 20 }, () => (request: LlmRequest): LlmResponse => {
      requests.push(request);
      const usage = options.usage?.[n];
      return { content: { role: 'model', parts: [{ text: `a${++n}` }] }, ...(usage ? { usageMetadata: { promptTokenCount: usage } } : {}) };
    }),
  );
  const agent = new LlmAgent({ name: 'agent', model, instruction: 'Answer.' });
  const app = new App({
    name: 'app',
    rootAgent: agent,
    eventsCompaction: { tokenThreshold: options.tokenThreshold, eventRetentionSize: options.eventRetentionSize, summarizer: options.summarizer, ...(options.onError ? { onError: options.onError } : {}) },
  });
  const runner = new Runner({ app, sessionService: new InMemorySessionService(), autoCreateSession: true });
  const run = (text: string): Observable<string> => runner.runAsync({ ...ref, newMessage: message(text) }).pipe(map(show));
  return { run, requests };
}

describe('token-threshold compaction before a model request (marble)', () => {
  it('below the reported promptTokenCount threshold: nothing; at it: the summary is emitted and stored before the request, which is sent it', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const answer = cold('--s|');
      const summarizer = new RecordingSummarizer((_e, summary) => answer.pipe(map(() => summary)));
      const { run, requests } = setup({ summarizer, tokenThreshold: 100, eventRetentionSize: 1, usage: [99, 150, 10] });
      expectObservable(run('q1')).toBe('(a|)', { a: 'agent: a1' });
      expectObservable(run('q2'), '10ms ^').toBe('10ms (a|)', { a: 'agent: a2' });
      expectObservable(run('q3'), '20ms ^').toBe('20ms --(ca|)', { c: 'compaction[summary of q1, a1, q2, a2]', a: 'agent: a3' });
      expectSubscriptions(answer.subscriptions).toBe('20ms ^-!');
      flush();
      expect(lines(requests[1]!.contents)).toEqual(['user:q1', 'model:a1', 'user:q2']);
      expect(lines(requests[2]!.contents)).toEqual(['model:summary of q1, a1, q2, a2', 'user:q3']);
    });
  });

  it('without a reported count, estimates characters / 4 of the history; a rolling summary replaces the previous one', () => {
    testScheduler().run(({ expectObservable, flush }) => {
      const summarizer = new RecordingSummarizer();
      // 'q1'+'a1'+'q2' = 6 characters → 1 token; threshold 1 compacts from the 2nd request on
      const { run, requests } = setup({ summarizer, tokenThreshold: 1, eventRetentionSize: 1 });
      expectObservable(run('q1')).toBe('(a|)', { a: 'agent: a1' });
      expectObservable(run('q2'), '10ms ^').toBe('10ms (ca|)', { c: 'compaction[summary of q1, a1]', a: 'agent: a2' });
      expectObservable(run('q3'), '20ms ^').toBe('20ms (ca|)', { c: 'compaction[summary of summary of q1, a1, q2, a2]', a: 'agent: a3' });
      flush();
      expect(lines(requests[2]!.contents)).toEqual(['model:summary of summary of q1, a1, q2, a2', 'user:q3']);
      expect(summarizer.calls[1]!.map((e) => e.author)).toEqual(['model', 'user', 'agent']);
    });
  });

  it('a failing summarizer: the request goes out with the raw history, the turn succeeds, onError has the cause', () => {
    testScheduler().run(({ cold, expectObservable, flush }) => {
      const errors: EventCompactionError[] = [];
      const summarizer = new RecordingSummarizer(() => cold('-#', {}, new Error('quota')));
      const { run, requests } = setup({ summarizer, tokenThreshold: 1, eventRetentionSize: 1, onError: (e) => errors.push(e) });
      expectObservable(run('q1')).toBe('(a|)', { a: 'agent: a1' });
      expectObservable(run('q2'), '10ms ^').toBe('10ms -(a|)', { a: 'agent: a2' });
      flush();
      expect(lines(requests[1]!.contents)).toEqual(['user:q1', 'model:a1', 'user:q2']);
      expect(errors.map((e) => [e.trigger, (e.cause as Error).message])).toEqual([['token_threshold', 'quota']]);
    });
  });

  it('never compacts a pending long-running call: the split stops before it', () => {
    testScheduler().run(({ expectObservable, flush }) => {
      const summarizer = new RecordingSummarizer();
      const requests: LlmRequest[] = [];
      const model = new ScriptedLlm([
        // the call comes 1 ms after the message, so a range can end between them
        (r) => (requests.push(r), timer(1).pipe(map((): LlmResponse => ({ content: { role: 'model', parts: [{ functionCall: { id: 'lr1', name: 'approve', args: {} } }] } })))),
        (r) => (requests.push(r), { content: { role: 'model', parts: [{ text: 'waiting for approval' }] } }),
        (r) => (requests.push(r), { content: { role: 'model', parts: [{ text: 'a3' }] } }),
      ]);
      const agent = new LlmAgent({ name: 'agent', model, instruction: 'Answer.', tools: [new LongRunningFunctionTool({ name: 'approve', description: 'asks', parameters: { type: 'object' }, execute: () => undefined })] });
      const app = new App({ name: 'app', rootAgent: agent, eventsCompaction: { tokenThreshold: 1, eventRetentionSize: 0, summarizer } });
      const runner = new Runner({ app, sessionService: new InMemorySessionService(), autoCreateSession: true });
      const seen: string[] = [];
      runner.runAsync({ ...ref, newMessage: message('q1') }).pipe(map(show)).subscribe((e) => seen.push(e));
      timer(10).pipe(concatMap(() => runner.runAsync({ ...ref, newMessage: message('q2') }))).pipe(map(show)).subscribe((e) => seen.push(e));
      flush();
      expect(seen).toEqual(['agent: call approve({})', 'compaction[summary of q1]', 'agent: waiting for approval']);
      expect(summarizer.calls.map((c) => c.map(show))).toEqual([['user: q1']]);
      expect(lines(requests[1]!.contents)).toEqual(['model:summary of q1', 'model:call approve', 'user:q2']);
    });
  });
});

describe.each(REAL_STORES)('token-threshold compaction on the %s store', (_name, open) => {
  it('stores the compaction event emitted before the request (actions.compaction round trip), and keeps every raw event', async () => {
    const store = await open();
    try {
      const summarizer = new RecordingSummarizer();
      const requests: LlmRequest[] = [];
      let n = 0;
      const model = new ScriptedLlm(Array.from({ length: 5 }, () => (request: LlmRequest): LlmResponse => {
        requests.push(request);
        return { content: { role: 'model', parts: [{ text: `a${++n}` }] }, usageMetadata: { promptTokenCount: 500 } };
      }));
      const app = new App({ name: 'app', rootAgent: new LlmAgent({ name: 'agent', model }), eventsCompaction: { tokenThreshold: 100, eventRetentionSize: 1, summarizer } });
      let now = 1_764_000_000_000;
      const runner = new Runner({ app, sessionService: store.service, autoCreateSession: true, clock: () => (now += 1) });
      const seen: string[] = [];
      for (const text of ['q1', 'q2']) {
        for (const event of await lastValueFrom(runner.runAsync({ ...ref, newMessage: message(text) }).pipe(toArray()))) seen.push(show(event));
      }
      expect(seen).toEqual(['agent: a1', 'compaction[summary of q1, a1]', 'agent: a2']);
      expect(lines(requests[1]!.contents)).toEqual(['model:summary of q1, a1', 'user:q2']);
      const session = await lastValueFrom(store.service.getSession({ appName: 'app', ...ref }));
      expect(session!.events.map(show)).toEqual(['user: q1', 'agent: a1', 'user: q2', 'compaction[summary of q1, a1]', 'agent: a2']);
      expect(session!.events[3]!.actions.compaction).toEqual({
        startTimestamp: session!.events[0]!.timestamp,
        endTimestamp: session!.events[1]!.timestamp,
        compactedContent: { role: 'model', parts: [{ text: 'summary of q1, a1' }] },
      });
    } finally {
      await store.close();
    }
  });
});
