import { CallbackError } from '../../lib/utils/errors.js';
import { jest } from '@jest/globals';
import { NEVER, throwError } from 'rxjs';
import type { CallbackContext } from '../../lib/context/callback-context.js';
import type { InvocationContext } from '../../lib/context/invocation-context.js';
import type { Event } from '../../lib/events/event.js';
import type { LlmRequest } from '../../lib/models/llm-request.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { callbackChain } from '../../lib/plugins/callback-chain.js';
import type { BeforeModelCallback } from '../../lib/plugins/callback-types.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { PluginManager } from '../../lib/plugins/plugin-manager.js';
import { testScheduler } from '../support/test-scheduler.js';

const cbCtx = {} as CallbackContext;
const request = {} as LlmRequest;
const args: [CallbackContext, LlmRequest] = [cbCtx, request];
const response = (text: string): LlmResponse => ({ content: { role: 'model', parts: [{ text }] } });
const values = { a: response('a'), b: response('b'), c: response('c'), f: response('fallback') };

describe('callbackChain: nothing registered', () => {
  it('hands back the fallback itself, subscribed directly, with no operator in between', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const fallback = cold('--f|', values);
      const chain = callbackChain(new PluginManager([createPlugin({ name: 'other', afterRunCallback: () => undefined })]), 'beforeModelCallback', []);
      const result = chain.orElse(args, () => fallback);
      expect(result).toBe(fallback);
      expect(chain.registered).toBe(false);
      expectObservable(result).toBe('--f|', values);
      expectSubscriptions(fallback.subscriptions).toBe('^--!');
    });
  });

  it('runs nothing (completes empty), leaves a stream as it is, and stays unregistered when mapped', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const chain = callbackChain(undefined, 'afterModelCallback');
      const responses = cold('-a-b|', values);
      expectObservable(chain.run(cbCtx, response('x'))).toBe('|');
      expect(responses.pipe(chain.replaceEach((r) => [cbCtx, r]))).toBe(responses);
      expect(chain.map(() => 1).registered).toBe(false);
    });
  });
});

describe('callbackChain: registered', () => {
  it('one callback with a value: its value, the fallback never subscribed', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const fallback = cold('--f|', values);
      const chain = callbackChain(undefined, 'beforeModelCallback', [() => cold('-a|', values)]);
      expect(chain.registered).toBe(true);
      expectObservable(chain.orElse(args, () => fallback)).toBe('-(a|)', values);
      expectSubscriptions(fallback.subscriptions).toBe([]);
    });
  });

  it('the first gives nothing, the second a value: that value, and the third is never called', () => {
    const third = jest.fn<BeforeModelCallback>(() => response('c'));
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const first = cold<LlmResponse>('--|');
      const second = cold('-b|', values);
      const fallback = cold('f|', values);
      const chain = callbackChain(undefined, 'beforeModelCallback', [() => first, () => second, third]);
      expectObservable(chain.orElse(args, () => fallback)).toBe('---(b|)', values);
      expectSubscriptions(first.subscriptions).toBe('^-!');
      expectSubscriptions(second.subscriptions).toBe('--^!');
      expectSubscriptions(fallback.subscriptions).toBe([]);
    });
    expect(third).not.toHaveBeenCalled();
  });

  it('none gives a value: the fallback, subscribed when the chain completes', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const fallback = cold('-f|', values);
      const chain = callbackChain(undefined, 'beforeModelCallback', [() => undefined, () => cold<LlmResponse>('--|')]);
      expectObservable(chain.orElse(args, () => fallback)).toBe('---f|', values);
      expectSubscriptions(fallback.subscriptions).toBe('--^-!');
    });
  });

  it('a callback that throws: a CallbackError naming hook and agent (cause: the original), nothing after it is called, no fallback', () => {
    const boom = new Error('boom');
    const later = jest.fn<BeforeModelCallback>(() => response('c'));
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const fallback = cold('f|', values);
      const throwing: BeforeModelCallback = () => {
        throw boom;
      };
      const named = new CallbackError({ hook: 'beforeModelCallback', agentName: 'agent', cause: boom });
      const chain = callbackChain(undefined, 'beforeModelCallback', [throwing, later], 'agent');
      expectObservable(chain.orElse(args, () => fallback)).toBe('#', undefined, named);
      expectObservable(callbackChain(undefined, 'beforeModelCallback', [() => throwError(() => boom)], 'agent').run(...args)).toBe('#', undefined, named);
      expectSubscriptions(fallback.subscriptions).toBe([]);
    });
    expect(later).not.toHaveBeenCalled();
  });

  it('a callback returning NEVER: the chain never completes and unsubscribing tears it down', () => {
    const later = jest.fn<BeforeModelCallback>(() => response('c'));
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const pending = cold<LlmResponse>('-');
      const fallback = cold('f|', values);
      expectObservable(callbackChain(undefined, 'beforeModelCallback', [() => NEVER]).run(...args)).toBe('-');
      const chain = callbackChain(undefined, 'beforeModelCallback', [() => pending, later]);
      expectObservable(chain.orElse(args, () => fallback), '^---!').toBe('-');
      expectSubscriptions(pending.subscriptions).toBe('^---!');
      expectSubscriptions(fallback.subscriptions).toBe([]);
    });
    expect(later).not.toHaveBeenCalled();
  });

  it('unsubscribed early: the pending callback is torn down, nothing later runs', () => {
    const later = jest.fn<BeforeModelCallback>(() => response('c'));
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const slow = cold('----a|', values);
      const fallback = cold('f|', values);
      const chain = callbackChain(undefined, 'beforeModelCallback', [() => slow, later]);
      expectObservable(chain.orElse(args, () => fallback), '^-!').toBe('--');
      expectSubscriptions(slow.subscriptions).toBe('^-!');
      expectSubscriptions(fallback.subscriptions).toBe([]);
    });
    expect(later).not.toHaveBeenCalled();
  });

  it('puts the plugins first (registration order), then the agent\'s callbacks', () => {
    const calls: string[] = [];
    const plugins = new PluginManager([
      createPlugin({ name: 'p1', beforeModelCallback: () => void calls.push('p1') }),
      createPlugin({ name: 'p2', beforeModelCallback: () => void calls.push('p2') }),
    ]);
    const chain = callbackChain(plugins, 'beforeModelCallback', [() => (calls.push('own'), response('own'))]);
    testScheduler().run(({ expectObservable }) => {
      expectObservable(chain.run(...args)).toBe('(o|)', { o: response('own') });
    });
    expect(calls).toEqual(['p1', 'p2', 'own']);
  });

  it('replaceEach: each value goes through the chain; a result replaces it, none keeps it', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const chain = callbackChain(undefined, 'afterModelCallback', [(_ctx, r) => (r === values.b ? cold('--c|', values) : undefined)]);
      expectObservable(cold('a-b---a|', values).pipe(chain.replaceEach((r) => [cbCtx, r]))).toBe('a---c-a|', values);
    });
  });

  it('map: the chain\'s result projected; the fallback is not', () => {
    const ctx = {} as InvocationContext;
    const event = (text: string) => ({ id: text }) as Event;
    testScheduler().run(({ cold, expectObservable }) => {
      const answering = callbackChain(undefined, 'beforeRunCallback', [() => ({ role: 'model', parts: [{ text: 'early' }] })]);
      const silent = callbackChain(undefined, 'beforeRunCallback', [() => undefined]);
      const agent = () => cold('-x|', { x: event('agent') });
      const toEvent = (content: { parts?: Array<{ text?: string }> }) => event(content.parts?.[0]?.text ?? '');
      expectObservable(answering.map(toEvent).orElse([ctx], agent)).toBe('(e|)', { e: event('early') });
      expectObservable(silent.map(toEvent).orElse([ctx], agent)).toBe('-x|', { x: event('agent') });
      expectObservable(silent.map(toEvent).run(ctx)).toBe('|');
    });
  });
});
