import { jest } from '@jest/globals';
import type { Content } from '@google/genai';
import { concat, concatMap, defer, EMPTY, firstValueFrom, map, merge, NEVER, type Observable, of, throwError, timer, toArray } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import type { Session } from '../../lib/sessions/session.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { InvalidRequestError, PluginConfigError, SessionNotFoundError } from '../../lib/utils/errors.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import type { BasePlugin } from '../../lib/plugins/base-plugin.js';
import type { BaseAgent } from '../../lib/agents/base-agent.js';
import { DelayedSessionService } from '../support/delayed-session-service.js';
import { FnAgent, textEvent, userText } from '../support/fn-agent.js';
import { testScheduler } from '../support/test-scheduler.js';

const model = (text: string): Content => ({ role: 'model', parts: [{ text }] });
const turn = (text = 'hello') => ({ userId: 'u1', sessionId: 's1', newMessage: userText(text) });

function runnerFor(agent: BaseAgent, options: { plugins?: BasePlugin[]; sessionService?: InMemorySessionService } = {}) {
  const sessionService = options.sessionService ?? new InMemorySessionService();
  sessionService.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe();
  const runner = new Runner({
    appName: 'app',
    agent,
    sessionService,
    plugins: options.plugins ?? [],
    idGenerator: sequentialIds('id'),
  });
  const stored = () => {
    let events: string[] = [];
    sessionService
      .getSession({ appName: 'app', userId: 'u1', sessionId: 's1' })
      .subscribe((s) => (events = s!.events.map(simplifyEvent)));
    return events;
  };
  return { runner, sessionService, stored };
}

describe('Runner.runAsync: one invocation', () => {
  it('runs the steps in order: onUserMessage, user event stored (not emitted), beforeRun, agent, onEvent per event, afterRun', () => {
    const log: string[] = [];
    const logger = createPlugin({
      name: 'logger',
      onUserMessageCallback: () => void log.push('onUserMessage'),
      beforeRunCallback: () => void log.push('beforeRun'),
      beforeAgentCallback: (ctx) => void log.push(`beforeAgent:${ctx.agentName}`),
      afterAgentCallback: (ctx) => void log.push(`afterAgent:${ctx.agentName}`),
      onEventCallback: (_ctx, event) => void log.push(`onEvent:${simplifyEvent(event)}`),
      afterRunCallback: () => void log.push('afterRun'),
    });
    const agent = new FnAgent({
      name: 'agent',
      body: (ctx) => {
        log.push(`body sees ${ctx.session.events.length} stored event(s)`);
        return ctx.emit(textEvent(ctx, 'hi there'));
      },
    });
    const { runner, stored } = runnerFor(agent, { plugins: [logger] });
    testScheduler().run(({ expectObservable }) => {
      expectObservable(runner.runAsync(turn()).pipe(map(simplifyEvent))).toBe('(a|)', { a: 'agent: hi there' });
    });
    expect(log).toEqual([
      'onUserMessage',
      'beforeRun',
      'beforeAgent:agent',
      'body sees 1 stored event(s)',
      'onEvent:agent: hi there',
      'afterAgent:agent',
      'afterRun',
    ]);
    expect(stored()).toEqual(['user: hello', 'agent: hi there']);
  });

  it('stores the user event with the given stateDelta, and the message an onUserMessage plugin rewrote', () => {
    const agent = new FnAgent({ name: 'agent', body: (ctx) => ctx.emit(textEvent(ctx, `you said: ${ctx.userContent?.parts?.[0]?.text}`)) });
    const rewrite = createPlugin({
      name: 'rewrite',
      onUserMessageCallback: (_ctx, message) => ({ ...message, parts: [{ text: `${message.parts?.[0]?.text}, politely` }] }),
    });
    const { runner, sessionService } = runnerFor(agent, { plugins: [rewrite] });
    let emitted: string[] = [];
    runner
      .runAsync({ ...turn('hi'), stateDelta: { mood: 'happy' } })
      .pipe(map(simplifyEvent), toArray())
      .subscribe((e) => (emitted = e));
    expect(emitted).toEqual(['agent: you said: hi, politely']);
    sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe((session) => {
      expect(session!.events[0]).toMatchObject({ author: 'user', actions: { stateDelta: { mood: 'happy' } } });
      expect(session!.events[0]!.content?.parts?.[0]?.text).toBe('hi, politely');
      expect(session!.state).toEqual({ mood: 'happy' });
    });
  });

  it('beforeRunCallback short-circuit: its Content is the only event (author "model", not stored); the agent never runs', () => {
    const body = jest.fn(() => EMPTY);
    const agent = new FnAgent({ name: 'agent', body });
    const { runner, stored } = runnerFor(agent, {
      plugins: [createPlugin({ name: 'gate', beforeRunCallback: () => model('Maintenance, come back later.') })],
    });
    testScheduler().run(({ expectObservable }) => {
      expectObservable(runner.runAsync(turn()).pipe(map(simplifyEvent))).toBe('(a|)', {
        a: 'model: Maintenance, come back later.',
      });
    });
    expect(body).not.toHaveBeenCalled();
    expect(stored()).toEqual(['user: hello']);
  });

  it('onEventCallback replacement: the caller sees the replacement, the session keeps the original', () => {
    const agent = new FnAgent({ name: 'agent', body: (ctx) => ctx.emit(textEvent(ctx, 'my card is 4111-1111')) });
    const redact = createPlugin({
      name: 'redact',
      onEventCallback: (_ctx, event) => ({ ...event, content: model('my card is ****') }),
    });
    const second = jest.fn(() => undefined);
    const { runner, stored } = runnerFor(agent, { plugins: [redact, createPlugin({ name: 'second', onEventCallback: second })] });
    testScheduler().run(({ expectObservable }) => {
      expectObservable(runner.runAsync(turn()).pipe(map(simplifyEvent))).toBe('(a|)', { a: 'agent: my card is ****' });
    });
    expect(stored()).toEqual(['user: hello', 'agent: my card is 4111-1111']);
    expect(second).not.toHaveBeenCalled();
  });

  it('forwards partial events to the caller without storing them', () => {
    const agent = new FnAgent({
      name: 'agent',
      body: (ctx) =>
        concat(
          ctx.emit(textEvent(ctx, 'Hel', { partial: true })),
          ctx.emit(textEvent(ctx, 'lo', { partial: true })),
          ctx.emit(textEvent(ctx, 'Hello')),
        ),
    });
    const { runner, stored } = runnerFor(agent);
    testScheduler().run(({ expectObservable }) => {
      expectObservable(runner.runAsync(turn()).pipe(map(simplifyEvent))).toBe('(abc|)', {
        a: '~ agent: Hel',
        b: '~ agent: lo',
        c: 'agent: Hello',
      });
    });
    expect(stored()).toEqual(['user: hello', 'agent: Hello']);
  });

  it('never hands a partial event to the store (as ADK\'s Runner); partial events queue behind a final event still being stored', () => {
    class SlowStore extends InMemorySessionService {
      readonly seen: string[] = [];
      override appendEvent(session: Session, event: Event): Observable<Event> {
        this.seen.push(`${event.partial ? '~ ' : ''}${event.author}`);
        return event.author === 'agent' ? timer(3).pipe(concatMap(() => super.appendEvent(session, event))) : super.appendEvent(session, event);
      }
    }
    const sessionService = new SlowStore();
    sessionService.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe();
    const agent = new FnAgent({
      name: 'agent',
      // the final event is emitted into the pipeline without waiting (merge), so the chunk after it arrives while it is being stored
      body: (ctx) => merge(ctx.emit(textEvent(ctx, 'Hello')), ctx.emit(textEvent(ctx, 'more', { partial: true }))),
    });
    testScheduler().run(({ expectObservable }) => {
      const runner = new Runner({ appName: 'app', agent, sessionService });
      expectObservable(runner.runAsync(turn()).pipe(map(simplifyEvent))).toBe('---(ab|)', { a: 'agent: Hello', b: '~ agent: more' });
    });
    expect(sessionService.seen).toEqual(['user', 'agent']);
  });

  it('uses the idGenerator and the clock it is given; the default clock is virtual time', () => {
    const agent = new FnAgent({ name: 'agent', body: (ctx) => ctx.emit(textEvent(ctx, 'x')) });
    const sessionService = new InMemorySessionService();
    sessionService.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe();
    let t = 1000;
    const runner = new Runner({ appName: 'app', agent, sessionService, idGenerator: sequentialIds('x'), clock: () => t++ });
    let event: { id: string; invocationId: string; timestamp: number } | undefined;
    runner.runAsync(turn()).subscribe((e) => (event = e));
    expect(event).toMatchObject({ id: 'x-3', invocationId: 'e-x-1', timestamp: 1001 });

    testScheduler().run(({ cold, expectObservable }) => {
      const timed = new FnAgent({ name: 'timed', body: (ctx) => cold('---a|').pipe(concatMap(() => ctx.emit(textEvent(ctx, 'a')))) });
      const { runner: virtual } = runnerFor(timed);
      expectObservable(virtual.runAsync(turn()).pipe(map((e) => e.timestamp))).toBe('---t|', { t: 3 });
    });
  });

  it('copies RunConfig.customMetadata onto every event', () => {
    const agent = new FnAgent({ name: 'agent', body: (ctx) => ctx.emit(textEvent(ctx, 'x', { customMetadata: { own: 1 } })) });
    const { runner } = runnerFor(agent);
    let metadata: unknown;
    runner.runAsync({ ...turn(), runConfig: { customMetadata: { trace: 't1' } } }).subscribe((e) => (metadata = e.customMetadata));
    expect(metadata).toEqual({ trace: 't1', own: 1 });
  });
});

describe('Runner.runAsync: sessions', () => {
  it('fails with SessionNotFoundError for a missing session, naming it', () => {
    const agent = new FnAgent({ name: 'agent', body: () => EMPTY });
    const runner = new Runner({ appName: 'app', agent, sessionService: new InMemorySessionService() });
    testScheduler().run(({ expectObservable }) => {
      expectObservable(runner.runAsync(turn())).toBe(
        '#',
        undefined,
        new SessionNotFoundError({ appName: 'app', userId: 'u1', sessionId: 's1' }),
      );
    });
    let error: SessionNotFoundError | undefined;
    runner.runAsync(turn()).subscribe({ error: (e) => (error = e) });
    expect(error?.code).toBe('SESSION_NOT_FOUND');
    expect(error?.message).toMatch(/session "s1".*autoCreateSession/);
  });

  it('creates the session on first use with autoCreateSession', () => {
    const agent = new FnAgent({ name: 'agent', body: (ctx) => ctx.emit(textEvent(ctx, `session ${ctx.session.id}`)) });
    const runner = new InMemoryRunner({ agent, autoCreateSession: true });
    let seen: string[] = [];
    runner.runAsync(turn()).pipe(map(simplifyEvent), toArray()).subscribe((e) => (seen = e));
    expect(seen).toEqual(['agent: session s1']);
  });

  it('serialises two runs on one session started together: the second starts after the first and sees its events', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        body: (ctx) =>
          cold('--x|').pipe(concatMap(() => ctx.emit(textEvent(ctx, `I see ${ctx.session.events.length} events`)))),
      });
      const { runner } = runnerFor(agent);
      expectObservable(runner.runAsync(turn('one')).pipe(map(simplifyEvent))).toBe('--a|', { a: 'agent: I see 1 events' });
      expectObservable(runner.runAsync(turn('two')).pipe(map(simplifyEvent))).toBe('-----b|', { b: 'agent: I see 3 events' });
    });
  });

  it('runs the second run even when the first errors', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      let calls = 0;
      const boom = new Error('first run failed');
      const agent = new FnAgent({
        name: 'agent',
        body: (ctx) => (++calls === 1 ? cold('--#', undefined, boom) : ctx.emit(textEvent(ctx, 'second ok'))),
      });
      const { runner } = runnerFor(agent);
      expectObservable(runner.runAsync(turn('one'))).toBe('--#', undefined, boom);
      expectObservable(runner.runAsync(turn('two')).pipe(map(simplifyEvent))).toBe('--(b|)', { b: 'agent: second ok' });
    });
  });

  it('does not serialise runs on different sessions', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const agent = new FnAgent({ name: 'agent', body: (ctx) => cold('--x|').pipe(concatMap(() => ctx.emit(textEvent(ctx, ctx.session.id)))) });
      const runner = new InMemoryRunner({ agent, autoCreateSession: true });
      expectObservable(runner.runAsync({ ...turn(), sessionId: 'a' }).pipe(map(simplifyEvent))).toBe('--a|', { a: 'agent: a' });
      expectObservable(runner.runAsync({ ...turn(), sessionId: 'b' }).pipe(map(simplifyEvent))).toBe('--b|', { b: 'agent: b' });
    });
  });
});

describe('Runner.runAsync: pause until committed', () => {
  it('with a store that takes 50ms per write: stored and emitted in order, each emitted only once stored', () => {
    const sessionService = new DelayedSessionService(50);
    testScheduler().run(({ expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        body: (ctx) => concat(ctx.emit(textEvent(ctx, 'one')), ctx.emit(textEvent(ctx, 'two')), ctx.emit(textEvent(ctx, 'three'))),
      });
      const { runner } = runnerFor(agent, { sessionService });
      // the user event takes 50ms, then each agent event 50ms more
      expectObservable(runner.runAsync(turn()).pipe(map(simplifyEvent))).toBe('100ms a 49ms b 49ms (c|)', {
        a: 'agent: one',
        b: 'agent: two',
        c: 'agent: three',
      });
    });
    expect(sessionService.durable).toEqual(['id-2', 'id-3', 'id-4', 'id-5']);
  });

  it('code chained after ctx.emit reads the committed state from getSession (sync and delayed stores)', () => {
    for (const sessionService of [new InMemorySessionService(), new DelayedSessionService(50)]) {
      const agent = new FnAgent({
        name: 'agent',
        body: (ctx) =>
          concat(
            ctx.emit(ctx.createEvent({ actions: { stateDelta: { field_1: 'value_2' } } })),
            defer(() => ctx.sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' })).pipe(
              concatMap((stored) =>
                ctx.emit(textEvent(ctx, `field_1=${stored!.state['field_1']} events=${stored!.events.length}`)),
              ),
            ),
          ),
      });
      const { runner } = runnerFor(agent, { sessionService });
      testScheduler().run(({ expectObservable }) => {
        expectObservable(runner.runAsync(turn()).pipe(map(simplifyEvent), toArray())).toBe(
          sessionService instanceof DelayedSessionService ? '150ms (a|)' : '(a|)',
          { a: ['agent: state {"field_1":"value_2"}', 'agent: field_1=value_2 events=2'] },
        );
      });
    }
  });

  it('a custom agent that returns events directly is still stored in order', () => {
    const sessionService = new DelayedSessionService(10);
    testScheduler().run(({ expectObservable }) => {
      const agent = new FnAgent({ name: 'agent', body: (ctx) => of(textEvent(ctx, 'a'), textEvent(ctx, 'b')) });
      const { runner } = runnerFor(agent, { sessionService });
      expectObservable(runner.runAsync(turn()).pipe(map(simplifyEvent))).toBe('20ms a 9ms (b|)', { a: 'agent: a', b: 'agent: b' });
    });
  });
});

describe('Runner.runAsync: cancellation and errors', () => {
  it('unsubscribing mid-run tears everything down, appends nothing more and fires the abort signal', () => {
    let signal: AbortSignal | undefined;
    const afterRun = jest.fn(() => undefined);
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const work = cold('--a---b|');
      const agent = new FnAgent({
        name: 'agent',
        body: (ctx) => {
          signal = ctx.abortSignal;
          return work.pipe(concatMap((x) => ctx.emit(textEvent(ctx, x))));
        },
      });
      const { runner } = runnerFor(agent, { plugins: [createPlugin({ name: 'p', afterRunCallback: afterRun })] });
      expectObservable(runner.runAsync(turn()).pipe(map(simplifyEvent)), '^----!').toBe('--a--', { a: 'agent: a' });
      expectSubscriptions(work.subscriptions).toBe('^----!');
    });
    expect(signal?.aborted).toBe(true);
    expect(afterRun).not.toHaveBeenCalled();
  });

  it('appends nothing after the caller unsubscribed', () => {
    const sessionService = new InMemorySessionService();
    testScheduler().run(({ cold, expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        body: (ctx) => cold('--a---b|').pipe(concatMap((x) => ctx.emit(textEvent(ctx, x)))),
      });
      const { runner } = runnerFor(agent, { sessionService });
      expectObservable(runner.runAsync(turn()), '^----!').toBe('--a--', { a: expect.anything() });
    });
    sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }).subscribe((session) => {
      expect(session!.events.map(simplifyEvent)).toEqual(['user: hello', 'agent: a']);
    });
  });

  it('a run that completes does not fire the abort signal', () => {
    let signal: AbortSignal | undefined;
    const agent = new FnAgent({ name: 'agent', body: (ctx) => ((signal = ctx.abortSignal), EMPTY) });
    const { runner } = runnerFor(agent);
    runner.runAsync(turn()).subscribe();
    expect(signal?.aborted).toBe(false);
  });

  it('an agent error reaches the caller after every plugin\'s onRunErrorCallback saw it; afterRun does not run', () => {
    const seen: string[] = [];
    const boom = new Error('agent failed');
    const agent = new FnAgent({ name: 'agent', body: () => throwError(() => boom) });
    const { runner } = runnerFor(agent, {
      plugins: [
        createPlugin({ name: 'a', onRunErrorCallback: (_ctx, e) => void seen.push(`a:${e.message}`), afterRunCallback: () => void seen.push('afterRun') }),
        createPlugin({ name: 'b', onRunErrorCallback: (_ctx, e) => void seen.push(`b:${e.message}`) }),
      ],
    });
    testScheduler().run(({ expectObservable }) => {
      expectObservable(runner.runAsync(turn())).toBe('#', undefined, boom);
    });
    expect(seen).toEqual(['a:agent failed', 'b:agent failed']);
  });

  it('runs afterRunCallback on every plugin', () => {
    const seen: string[] = [];
    const agent = new FnAgent({ name: 'agent', body: () => EMPTY });
    const { runner } = runnerFor(agent, {
      plugins: [
        createPlugin({ name: 'a', afterRunCallback: () => void seen.push('a') }),
        createPlugin({ name: 'b', afterRunCallback: () => void seen.push('b') }),
      ],
    });
    runner.runAsync(turn()).subscribe();
    expect(seen).toEqual(['a', 'b']);
  });

  it('never completes while the agent never ends, and releases the session when unsubscribed', () => {
    testScheduler().run(({ expectObservable }) => {
      let calls = 0;
      const agent = new FnAgent({ name: 'agent', body: (ctx) => (++calls === 1 ? NEVER : ctx.emit(textEvent(ctx, 'next'))) });
      const { runner } = runnerFor(agent);
      expectObservable(runner.runAsync(turn()), '^--!').toBe('---');
      expectObservable(runner.runAsync(turn()).pipe(map(simplifyEvent))).toBe('---(a|)', { a: 'agent: next' });
    });
  });
});

describe('Runner: bad input', () => {
  const agent = new FnAgent({ name: 'agent', body: () => EMPTY });

  it('rejects duplicate plugin names at construction', () => {
    expect(
      () =>
        new Runner({
          appName: 'app',
          agent,
          sessionService: new InMemorySessionService(),
          plugins: [createPlugin({ name: 'x' }), createPlugin({ name: 'x' })],
        }),
    ).toThrow(PluginConfigError);
  });

  it('rejects a request without a message, a user or a session id with InvalidRequestError', async () => {
    const runner = new InMemoryRunner({ agent, autoCreateSession: true });
    await expect(firstValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: { parts: [] } }))).rejects.toThrow(
      InvalidRequestError,
    );
    await expect(firstValueFrom(runner.runAsync({ userId: '', sessionId: 's', newMessage: userText('x') }))).rejects.toThrow(
      /userId/,
    );
    await expect(firstValueFrom(runner.runAsync({ userId: 'u', sessionId: '', newMessage: userText('x') }))).rejects.toThrow(
      /sessionId/,
    );
  });
});
