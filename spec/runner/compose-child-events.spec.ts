import {
  bufferCount,
  concat,
  defer,
  delay,
  filter,
  last,
  map,
  merge,
  mergeAll,
  mergeMap,
  type Observable,
  type OperatorFunction,
  take,
  toArray,
} from 'rxjs';
import type { BaseAgent } from '../../lib/agents/base-agent.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { InvocationContext } from '../../lib/context/invocation-context.js';
import type { Event } from '../../lib/events/event.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import type { Session } from '../../lib/sessions/session.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import { DelayedSessionService } from '../support/delayed-session-service.js';
import { FnAgent, textEvent, userText } from '../support/fn-agent.js';
import { testScheduler } from '../support/test-scheduler.js';

/** A child that emits three events, each continuation chained after `emit`, recording what it saw. */
function stepChild(name: string, seen: string[]): FnAgent {
  const step = (ctx: InvocationContext, n: number): Observable<Event> =>
    concat(
      ctx.emit(textEvent(ctx, `${name}${n}`, { actions: { stateDelta: { [`${name}_step`]: n }, artifactDelta: {}, requestedToolConfirmations: {} } })),
      defer(() => {
        seen.push(`${name}${n} done, stored ${ctx.session.events.length}`);
        return n < 3 ? step(ctx, n + 1) : [];
      }),
    );
  return new FnAgent({ name, body: (ctx) => step(ctx, 1) });
}

/** A parent whose body composes its children's events with `compose`. */
function parentOf(children: BaseAgent[], compose: (runs: Observable<Event>[]) => Observable<Event>): FnAgent {
  return new FnAgent({ name: 'parent', subAgents: children, body: (ctx) => compose(children.map((c) => c.runAsync(ctx))) });
}

const reId: OperatorFunction<Event, Event> = map((e) => ({ ...e, id: `x-${e.id}` }));

/** [name, composition, number of children, events the caller sees] */
const cases: Array<[string, (runs: Observable<Event>[]) => Observable<Event>, number, number]> = [
  ['map to a new event', ([a]) => a!.pipe(reId), 1, 3],
  ['filter some', ([a]) => a!.pipe(filter((e) => e.content?.parts?.[0]?.text !== 'a2')), 1, 2],
  ['filter all', ([a]) => a!.pipe(filter(() => false)), 1, 0],
  ['take(1)', ([a]) => a!.pipe(take(1)), 1, 1],
  ['last()', ([a]) => a!.pipe(last()), 1, 1],
  ['toArray() + mergeAll()', ([a]) => a!.pipe(toArray(), mergeAll()), 1, 3],
  ['bufferCount(2) + mergeMap', ([a]) => a!.pipe(bufferCount(2), mergeMap((batch) => batch)), 1, 3],
  ['delay(10)', ([a]) => a!.pipe(delay(10)), 1, 3],
  ['merge(childA, childB)', ([a, b]) => merge(a!, b!), 2, 6],
  ['concat(childA, childB)', ([a, b]) => concat(a!, b!), 2, 6],
];

const stores: Array<[string, () => InMemorySessionService]> = [
  ['in-memory store', () => new InMemorySessionService()],
  ['store taking 30 virtual ms', () => new DelayedSessionService(30)],
];

function storedSession(sessionService: InMemorySessionService): Session {
  let session: Session | undefined;
  sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe((s) => (session = s));
  return session!;
}

describe.each(stores)('a parent composing its child with an operator (%s)', (_store, makeStore) => {
  it.each(cases)('%s: the run completes, the caller sees what is stored, and the next run on the session runs', (_name, compose, children, count) => {
    const seen: string[] = [];
    const kids = ['a', 'b'].slice(0, children).map((name) => stepChild(name, seen));
    const sessionService = makeStore();
    const runner = new Runner({ appName: 'app', agent: parentOf(kids, compose), sessionService, autoCreateSession: true, idGenerator: sequentialIds('id') });
    const first: Event[] = [];
    const second: Event[] = [];
    const done: string[] = [];
    testScheduler().run(({ flush }) => {
      runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: userText('one') }).subscribe({
        next: (e) => first.push(e),
        complete: () => done.push('first'),
      });
      runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: userText('two') }).subscribe({
        next: (e) => second.push(e),
        complete: () => done.push('second'),
      });
      flush();
    });
    expect(done).toEqual(['first', 'second']);
    const events = storedSession(sessionService).events;
    const userAt = events.findIndex((e) => e.author === 'user' && e.content?.parts?.[0]?.text === 'two');
    expect(events[0]!.author).toBe('user');
    expect(events.slice(1, userAt)).toEqual(first);
    expect(events.slice(userAt + 1)).toEqual(second);
    expect(first).toHaveLength(count);
    expect(second).toHaveLength(count);
  });
});

describe('what the child sees after emit', () => {
  it.each(stores)('map to new objects with new ids: each continuation reads the committed session (%s)', (_store, makeStore) => {
    const seen: string[] = [];
    const sessionService = makeStore();
    const runner = new Runner({ appName: 'app', agent: parentOf([stepChild('a', seen)], ([a]) => a!.pipe(reId)), sessionService, autoCreateSession: true });
    testScheduler().run(({ flush }) => {
      runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: userText('go') }).subscribe();
      flush();
    });
    expect(seen).toEqual(['a1 done, stored 2', 'a2 done, stored 3', 'a3 done, stored 4']);
    expect(storedSession(sessionService).events.map((e) => e.id.startsWith('x-'))).toEqual([false, true, true, true]);
  });

  it('delay: the child goes on at once; the events are committed later, in arrival order', () => {
    const seen: string[] = [];
    const sessionService = new DelayedSessionService(30);
    const runner = new Runner({
      appName: 'app',
      agent: parentOf([stepChild('a', seen)], ([a]) => a!.pipe(delay(10))),
      sessionService,
      autoCreateSession: true,
      idGenerator: sequentialIds('id'),
    });
    testScheduler().run(({ expectObservable }) => {
      const texts = runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: userText('go') }).pipe(map((e) => e.content!.parts![0]!.text));
      // user event stored at 30; the three events arrive at 40 and are stored 30 ms apart
      expectObservable(texts).toBe('70ms a 29ms b 29ms (c|)', { a: 'a1', b: 'a2', c: 'a3' });
    });
    expect(seen).toEqual(['a1 done, stored 1', 'a2 done, stored 1', 'a3 done, stored 1']);
  });

  it('bufferCount(2): the emit whose event completes a batch waits for the whole batch', () => {
    const seen: string[] = [];
    const sessionService = new DelayedSessionService(30);
    const runner = new Runner({
      appName: 'app',
      agent: parentOf([stepChild('a', seen)], ([a]) => a!.pipe(bufferCount(2), mergeMap((batch) => batch))),
      sessionService,
      autoCreateSession: true,
    });
    testScheduler().run(({ flush }) => {
      runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: userText('go') }).subscribe();
      flush();
    });
    expect(seen).toEqual(['a1 done, stored 1', 'a2 done, stored 3', 'a3 done, stored 3']);
  });
});

describe('an LlmAgent child streaming tool calls, composed with filter(e => !e.partial)', () => {
  it.each(stores)('stores the whole conversation and completes (%s)', (_store, makeStore) => {
    const model = new ScriptedLlm([
      [{ content: { role: 'model', parts: [{ functionCall: { name: 'add', args: { a: 1, b: 2 } } }] } }],
      [{ content: { role: 'model', parts: [{ text: 'It is ' }] } }, { content: { role: 'model', parts: [{ text: '3.' }] } }],
    ]);
    const add = new FunctionTool({
      name: 'add',
      description: 'Adds.',
      parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
      execute: ({ a, b }: { a: number; b: number }) => ({ sum: a + b }),
    });
    const child = new LlmAgent({ name: 'calc', model, tools: [add] });
    const sessionService = makeStore();
    const runner = new Runner({
      appName: 'app',
      agent: parentOf([child], ([c]) => c!.pipe(filter((e) => !e.partial))),
      sessionService,
      autoCreateSession: true,
    });
    const seen: Event[] = [];
    let completed = false;
    testScheduler().run(({ flush }) => {
      runner
        .runAsync({ userId: 'u1', sessionId: 's1', newMessage: userText('1+2?'), runConfig: { streamingMode: 'sse' } })
        .subscribe({ next: (e) => seen.push(e), complete: () => (completed = true) });
      flush();
    });
    expect(completed).toBe(true);
    expect(seen.some((e) => e.partial)).toBe(false);
    expect(storedSession(sessionService).events.slice(1)).toEqual(seen);
    expect(seen.at(-1)!.content!.parts![0]!.text).toBe('It is 3.');
    expect(model.requests[1]!.contents.at(-1)!.parts![0]!.functionResponse!.response).toEqual({ sum: 3 });
  });
});
