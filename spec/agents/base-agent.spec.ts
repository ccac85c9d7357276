import { jest } from '@jest/globals';
import type { Content } from '@google/genai';
import { concatMap, EMPTY, map, of } from 'rxjs';
import type { CallbackContext } from '../../lib/context/callback-context.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { AgentConfigError, CallbackError } from '../../lib/utils/errors.js';
import { FnAgent, textEvent } from '../support/fn-agent.js';
import { directInvocation } from '../support/invocation.js';
import { testScheduler } from '../support/test-scheduler.js';

const model = (text: string): Content => ({ role: 'model', parts: [{ text }] });

describe('BaseAgent.runAsync', () => {
  it('follows the seed sequence: before callbacks → state event → body → after callbacks → after event', () => {
    const scheduler = testScheduler();
    const log: string[] = [];
    const at = (name: string) => log.push(`${name}@${scheduler.now()}`);
    scheduler.run(({ cold, expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        beforeAgentCallback: [
          (ctx) => {
            at('before1');
            ctx.state.set('k', 'v1');
          },
          (ctx) => {
            at('before2');
            ctx.state.set('k', `${ctx.state.get('k')}+v2`);
          },
        ],
        body: (ctx) =>
          cold('--a-b|').pipe(
            concatMap((x) => {
              at(`body:${x}`);
              return ctx.emit(textEvent(ctx, x));
            }),
          ),
        afterAgentCallback: (ctx) => {
          at('after');
          return model(`done with ${ctx.state.get('k')}`);
        },
      });
      expectObservable(agent.runAsync(directInvocation(agent)).pipe(map(simplifyEvent))).toBe('s-a-b(c|)', {
        s: 'agent: state {"k":"v1+v2"}',
        a: 'agent: a',
        b: 'agent: b',
        c: 'agent: done with v1+v2',
      });
    });
    expect(log).toEqual(['before1@0', 'before2@0', 'body:a@2', 'body:b@4', 'after@5']);
  });

  it('short-circuits on the 2nd of 3 before callbacks: the 3rd, the body and the after callbacks never run', () => {
    const third = jest.fn<(ctx: CallbackContext) => undefined>(() => undefined);
    const after = jest.fn<(ctx: CallbackContext) => undefined>(() => undefined);
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const body = cold('-x|');
      const agent = new FnAgent({
        name: 'agent',
        beforeAgentCallback: [
          (ctx) => void ctx.state.set('first', 1),
          (ctx) => {
            ctx.state.set('second', 2);
            return cold('--r|', { r: model('Access denied.') });
          },
          third,
        ],
        body: (ctx) => body.pipe(concatMap((x) => ctx.emit(textEvent(ctx, x)))),
        afterAgentCallback: after,
      });
      const events = agent.runAsync(directInvocation(agent));
      expectObservable(events.pipe(map((e) => [simplifyEvent(e), e.actions.stateDelta]))).toBe('--(r|)', {
        r: ['agent: Access denied.', { first: 1, second: 2 }],
      });
      expectSubscriptions(body.subscriptions).toBe([]);
    });
    expect(third).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  it('emits no event when the before callbacks return nothing and write nothing', () => {
    testScheduler().run(({ expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        beforeAgentCallback: () => undefined,
        body: (ctx) => ctx.emit(textEvent(ctx, 'hi')),
      });
      expectObservable(agent.runAsync(directInvocation(agent)).pipe(map(simplifyEvent))).toBe('(a|)', { a: 'agent: hi' });
    });
  });

  it('commits the before-agent state event before the body starts (the body reads it)', () => {
    testScheduler().run(({ expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        beforeAgentCallback: (ctx) => void ctx.state.set('greeting', 'hello'),
        body: (ctx) => ctx.emit(textEvent(ctx, String(ctx.session.state['greeting']))),
      });
      expectObservable(agent.runAsync(directInvocation(agent)).pipe(map(simplifyEvent))).toBe('(sa|)', {
        s: 'agent: state {"greeting":"hello"}',
        a: 'agent: hello',
      });
    });
  });

  it('appends a state-only event when after callbacks write state without content', () => {
    testScheduler().run(({ expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        body: (ctx) => ctx.emit(textEvent(ctx, 'answer')),
        afterAgentCallback: [(ctx) => void ctx.state.set('after', 1), (ctx) => void ctx.state.set('after', 2)],
      });
      expectObservable(agent.runAsync(directInvocation(agent)).pipe(map(simplifyEvent))).toBe('(ab|)', {
        a: 'agent: answer',
        b: 'agent: state {"after":2}',
      });
    });
  });

  it('stops the after chain at the first Content and carries the state of the callbacks that ran', () => {
    const third = jest.fn(() => model('never'));
    testScheduler().run(({ expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        body: () => EMPTY,
        afterAgentCallback: [(ctx) => void ctx.state.set('a', 1), () => model('extra'), third],
      });
      expectObservable(agent.runAsync(directInvocation(agent)).pipe(map((e) => [simplifyEvent(e), e.actions.stateDelta]))).toBe(
        '(x|)',
        { x: ['agent: extra', { a: 1 }] },
      );
    });
    expect(third).not.toHaveBeenCalled();
  });

  it('does not run the after callbacks when the body errors', () => {
    const after = jest.fn(() => undefined);
    const boom = new Error('boom');
    testScheduler().run(({ cold, expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        body: (ctx) => cold('-a-#', { a: 'a' }, boom).pipe(concatMap((x) => ctx.emit(textEvent(ctx, x)))),
        afterAgentCallback: after,
      });
      expectObservable(agent.runAsync(directInvocation(agent)).pipe(map(simplifyEvent))).toBe('-a-#', { a: 'agent: a' }, boom);
    });
    expect(after).not.toHaveBeenCalled();
  });

  it('does not run the body or after callbacks once the invocation has ended', () => {
    const after = jest.fn(() => model('after'));
    const body = jest.fn(() => EMPTY);
    testScheduler().run(({ expectObservable }) => {
      const ending = new FnAgent({
        name: 'ending',
        body: (ctx) => {
          ctx.endInvocation();
          return ctx.emit(textEvent(ctx, 'bye'));
        },
        afterAgentCallback: after,
      });
      const ctx = directInvocation(ending);
      expectObservable(ending.runAsync(ctx).pipe(map(simplifyEvent))).toBe('(a|)', { a: 'ending: bye' });
      const next = new FnAgent({ name: 'next', body });
      expectObservable(next.runAsync(ctx)).toBe('|');
    });
    expect(after).not.toHaveBeenCalled();
    expect(body).not.toHaveBeenCalled();
  });

  it('propagates a throwing before callback as a CallbackError naming the hook and the agent, without running the body', () => {
    const body = jest.fn(() => EMPTY);
    const boom = new Error('callback failed');
    testScheduler().run(({ expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        beforeAgentCallback: () => {
          throw boom;
        },
        body,
      });
      expectObservable(agent.runAsync(directInvocation(agent))).toBe(
        '#',
        undefined,
        new CallbackError({ hook: 'beforeAgentCallback', agentName: 'agent', cause: boom }),
      );
    });
    expect(body).not.toHaveBeenCalled();
  });

  it('accepts Promise-returning callbacks', async () => {
    const agent = new FnAgent({
      name: 'agent',
      beforeAgentCallback: async () => model('from a promise'),
      body: () => EMPTY,
    });
    const seen: string[] = [];
    await new Promise<void>((done) =>
      agent.runAsync(directInvocation(agent)).subscribe({ next: (e) => seen.push(simplifyEvent(e)), complete: done }),
    );
    expect(seen).toEqual(['agent: from a promise']);
  });

  it('tears the body down on early unsubscribe and never runs the after callbacks', () => {
    const after = jest.fn(() => undefined);
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const body = cold('--a--b|');
      const agent = new FnAgent({
        name: 'agent',
        body: (ctx) => body.pipe(concatMap((x) => ctx.emit(textEvent(ctx, x)))),
        afterAgentCallback: after,
      });
      expectObservable(agent.runAsync(directInvocation(agent)).pipe(map(simplifyEvent)), '^---!').toBe('--a-', {
        a: 'agent: a',
      });
      expectSubscriptions(body.subscriptions).toBe('^---!');
    });
    expect(after).not.toHaveBeenCalled();
  });

  it('fills the author of body events that have none', () => {
    testScheduler().run(({ expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        body: (ctx) => of({ ...textEvent(ctx, 'x'), author: '' }),
      });
      expectObservable(agent.runAsync(directInvocation(agent)).pipe(map((e) => e.author))).toBe('(a|)', { a: 'agent' });
    });
  });
});

describe('BaseAgent with plugins', () => {
  it('runs plugin before-agent callbacks first; a plugin result skips the agent\'s own callbacks', () => {
    const own = jest.fn(() => undefined);
    const later = jest.fn(() => undefined);
    testScheduler().run(({ expectObservable }) => {
      const agent = new FnAgent({ name: 'agent', beforeAgentCallback: own, body: () => EMPTY });
      const ctx = directInvocation(agent, {
        plugins: [
          createPlugin({ name: 'first', beforeAgentCallback: () => model('blocked by plugin') }),
          createPlugin({ name: 'second', beforeAgentCallback: later }),
        ],
      });
      expectObservable(agent.runAsync(ctx).pipe(map(simplifyEvent))).toBe('(a|)', { a: 'agent: blocked by plugin' });
    });
    expect(own).not.toHaveBeenCalled();
    expect(later).not.toHaveBeenCalled();
  });

  it('calls plugins in registration order, then the agent\'s callbacks, when none returns a result', () => {
    const order: string[] = [];
    testScheduler().run(({ expectObservable }) => {
      const agent = new FnAgent({
        name: 'agent',
        beforeAgentCallback: [() => void order.push('own1'), () => void order.push('own2')],
        afterAgentCallback: () => void order.push('ownAfter'),
        body: () => EMPTY,
      });
      const ctx = directInvocation(agent, {
        plugins: [
          createPlugin({ name: 'p1', beforeAgentCallback: () => void order.push('p1'), afterAgentCallback: () => void order.push('p1After') }),
          createPlugin({ name: 'p2', beforeAgentCallback: () => void order.push('p2') }),
        ],
      });
      expectObservable(agent.runAsync(ctx)).toBe('|');
    });
    expect(order).toEqual(['p1', 'p2', 'own1', 'own2', 'p1After', 'ownAfter']);
  });
});

describe('agent tree', () => {
  it('wires parents, finds agents and the root', () => {
    const leaf = new FnAgent({ name: 'leaf', body: () => EMPTY });
    const mid = new FnAgent({ name: 'mid', subAgents: [leaf], body: () => EMPTY });
    const root = new FnAgent({ name: 'root', subAgents: [mid], body: () => EMPTY });
    expect(leaf.parentAgent).toBe(mid);
    expect(leaf.rootAgent).toBe(root);
    expect(root.findAgent('leaf')).toBe(leaf);
    expect(root.findAgent('root')).toBe(root);
    expect(root.findSubAgent('root')).toBeUndefined();
    expect(root.findAgent('nobody')).toBeUndefined();
  });

  it.each([['my-agent'], ['1agent'], [''], ['has space']])('rejects the invalid name %j', (name) => {
    expect(() => new FnAgent({ name, body: () => EMPTY })).toThrow(AgentConfigError);
    expect(() => new FnAgent({ name, body: () => EMPTY })).toThrow(/must be an identifier/);
  });

  it('rejects the reserved name "user"', () => {
    expect(() => new FnAgent({ name: 'user', body: () => EMPTY })).toThrow(/reserved/);
  });

  it('rejects duplicate names anywhere in the tree, naming them', () => {
    const a = new FnAgent({ name: 'dup', body: () => EMPTY });
    const b = new FnAgent({ name: 'mid', subAgents: [new FnAgent({ name: 'dup', body: () => EMPTY })], body: () => EMPTY });
    const attempt = () => new FnAgent({ name: 'root', subAgents: [a, b], body: () => EMPTY });
    expect(attempt).toThrow(AgentConfigError);
    expect(attempt).toThrow(/Duplicate agent name in the tree of "root": "dup"/);
  });

  it('rejects an agent that already has another parent', () => {
    const shared = new FnAgent({ name: 'shared', body: () => EMPTY });
    new FnAgent({ name: 'first', subAgents: [shared], body: () => EMPTY });
    expect(() => new FnAgent({ name: 'second', subAgents: [shared], body: () => EMPTY })).toThrow(/already has parent "first"/);
  });
});
