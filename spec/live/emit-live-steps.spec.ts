import { jest } from '@jest/globals';
import { filter, map, merge, type Observable, of, tap } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { CommitBarrier } from '../../lib/context/commit-barrier.js';
import { InvocationContext } from '../../lib/context/invocation-context.js';
import { createEvent, type Event } from '../../lib/events/event.js';
import type { LiveItem } from '../../lib/live/close-cut-turn.js';
import { emitLiveSteps, type LiveStepOut } from '../../lib/live/emit-live-steps.js';
import { isStoredLiveEvent } from '../../lib/live/live-event.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { BasePlugin } from '../../lib/plugins/base-plugin.js';
import { PluginManager } from '../../lib/plugins/plugin-manager.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { testScheduler } from '../support/test-scheduler.js';

// a: an audio frame (stored nowhere), p: a partial text, s: a finished transcription (stored), f: a function call (stored; its tools start once committed)
const RESPONSES: Record<string, LlmResponse> = {
  a: { content: { role: 'model', parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } }] } },
  b: { content: { role: 'model', parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'BBBB' } }] } },
  p: { content: { role: 'model', parts: [{ text: 'Hel' }] }, partial: true },
  s: { outputTranscription: { text: 'Hello', finished: true } },
  f: { content: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'lookup', args: {} } }] } },
};
const ITEMS: Record<string, LiveItem> = { ...Object.fromEntries(Object.entries(RESPONSES).map(([name, response]) => [name, { response }])), X: { failure: new Error('dropped') } };

/** The event of a response: its name as its id (the letter it has in RESPONSES). */
function toEvent(response: LlmResponse): Event {
  const name = Object.keys(RESPONSES).find((key) => RESPONSES[key] === response)!;
  return createEvent({ id: name, author: 'voice', timestamp: 0, ...response });
}

function setUp(plugins: BasePlugin[] = []) {
  const barrier = new CommitBarrier();
  const ctx = new InvocationContext({
    session: newSession({ id: 's1', appName: 'app', userId: 'u1' }),
    sessionService: new InMemorySessionService(),
    agent: new LlmAgent({ name: 'voice', model: 'gemini-live-2.5-flash-preview' }),
    invocationId: 'inv-1',
    pluginManager: new PluginManager(plugins),
    commitBarrier: barrier,
  });
  return { barrier, ctx };
}

/**
 * The Runner's side, as `runLive` wires it: every event reaches the commit step; one stored goes
 * through `store`, one stored nowhere is handed on at once. Committed calls are noted in `calls`.
 */
function runner(barrier: CommitBarrier, steps: Observable<LiveStepOut>, store: (event: Event) => Observable<Event>, calls: string[] = []): Observable<string> {
  return steps.pipe(
    tap((out) => void ('committedCalls' in out && calls.push(out.committedCalls.id))),
    filter((out): out is Event => !('committedCalls' in out)),
    barrier.commitInOrder(store, (event) => (isStoredLiveEvent(event) ? undefined : event)),
    map((event) => event.id),
  );
}

describe('emitLiveSteps', () => {
  it('empty: completes when the items do', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const { barrier, ctx } = setUp();
      expectObservable(runner(barrier, cold<LiveItem>('--|').pipe(emitLiveSteps(ctx, toEvent)), (event) => cold('---(x|)', { x: event }))).toBe('--|');
    });
  });

  it('events stored nowhere (audio frames, partials) pass in the frame they come, without ctx.emit', () => {
    const { barrier, ctx } = setUp();
    const emit = jest.spyOn(ctx, 'emit');
    const store = jest.fn((event: Event) => of(event));
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(runner(barrier, cold('-a-p-b-|', ITEMS).pipe(emitLiveSteps(ctx, toEvent)), store)).toBe('-a-p-b-|');
    });
    expect(emit).not.toHaveBeenCalled();
    expect(store).not.toHaveBeenCalled();
  });

  it('a stored event is emitted through ctx.emit, and the items after it wait for its commit', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const { barrier, ctx } = setUp();
      expectObservable(runner(barrier, cold('-s-a------|', ITEMS).pipe(emitLiveSteps(ctx, toEvent)), (event) => cold('---(x|)', { x: event }))).toBe('----(sa)--|');
    });
  });

  it('a function call event is followed, once committed, by its committed calls', () => {
    const calls: string[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const { barrier, ctx } = setUp();
      const store = (event: Event) => cold('--(x|)', { x: event }).pipe(tap(() => calls.push(`stored ${event.id}`)));
      expectObservable(runner(barrier, cold('-fa----|', ITEMS).pipe(emitLiveSteps(ctx, toEvent)), store, calls)).toBe('---(fa)|');
    });
    expect(calls).toEqual(['stored f', 'f']);
  });

  it("an event stored nowhere emitted while the Runner stores another branch's event waits as ctx.emit does: a failure after it still comes after it", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const { barrier, ctx } = setUp();
      const user = ctx.emit(createEvent({ id: 'u', author: 'user', timestamp: 0, content: { role: 'user', parts: [{ text: 'Hi' }] } }));
      const steps = merge(user, cold('-aX', ITEMS).pipe(emitLiveSteps(ctx, toEvent)));
      expectObservable(runner(barrier, steps, (event) => cold('---(x|)', { x: event }))).toBe('---(ua#)', undefined, new Error('dropped'));
    });
  });

  it('a failure errors after the stored event before it is committed', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const { barrier, ctx } = setUp();
      expectObservable(runner(barrier, cold('-sX', ITEMS).pipe(emitLiveSteps(ctx, toEvent)), (event) => cold('---(x|)', { x: event }))).toBe('----(s#)', undefined, new Error('dropped'));
    });
  });

  it('with an onEventCallback registered every event goes through ctx.emit', () => {
    class Watch extends BasePlugin {
      override onEventCallback(): undefined {
        return undefined;
      }
    }
    const { barrier, ctx } = setUp([new Watch('watch')]);
    const emit = jest.spyOn(ctx, 'emit');
    testScheduler().run(({ cold, expectObservable }) => {
      expectObservable(runner(barrier, cold('-a-b-|', ITEMS).pipe(emitLiveSteps(ctx, toEvent)), (event) => cold('(x|)', { x: event }))).toBe('-a-b-|');
    });
    expect(emit).toHaveBeenCalledTimes(2);
  });

  it('toEvent throwing errors the result', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const { barrier, ctx } = setUp();
      const boom = new Error('bad response');
      const toEventOrThrow = (response: LlmResponse): Event => {
        if (response === RESPONSES.b) throw boom;
        return toEvent(response);
      };
      expectObservable(runner(barrier, cold('-a-b-a|', ITEMS).pipe(emitLiveSteps(ctx, toEventOrThrow)), (event) => cold('(x|)', { x: event }))).toBe('-a-#', undefined, boom);
    });
  });

  it('unsubscribing while an emission waits for its commit unsubscribes the items and the store', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const { barrier, ctx } = setUp();
      const items = cold('-s-a-b-', ITEMS);
      const store = cold<Event>('-');
      expectObservable(runner(barrier, items.pipe(emitLiveSteps(ctx, toEvent)), () => store), '^----!').toBe('-');
      expectSubscriptions(items.subscriptions).toBe('^----!');
      expectSubscriptions(store.subscriptions).toBe('-^---!');
    });
  });

  it('never: nothing comes, nothing ends', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const { barrier, ctx } = setUp();
      expectObservable(runner(barrier, cold<LiveItem>('-').pipe(emitLiveSteps(ctx, toEvent)), (event) => cold('(x|)', { x: event }))).toBe('-');
    });
  });
});
