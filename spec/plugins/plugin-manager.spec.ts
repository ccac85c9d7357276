import { jest } from '@jest/globals';
import type { Content } from '@google/genai';
import { BasePlugin } from '../../lib/plugins/base-plugin.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { PluginManager } from '../../lib/plugins/plugin-manager.js';
import { callbackChain } from '../../lib/plugins/callback-chain.js';
import type { InvocationContext } from '../../lib/context/invocation-context.js';
import type { CallbackContext } from '../../lib/context/callback-context.js';
import { CallbackError, PluginConfigError } from '../../lib/utils/errors.js';
import { testScheduler } from '../support/test-scheduler.js';

const ctx = {} as InvocationContext;
const cbCtx = {} as CallbackContext;
const content = (text: string): Content => ({ role: 'model', parts: [{ text }] });

describe('PluginManager', () => {
  it('rejects two plugins with the same name', () => {
    const make = () => new PluginManager([createPlugin({ name: 'audit' }), createPlugin({ name: 'audit' })]);
    expect(make).toThrow(PluginConfigError);
    expect(make).toThrow(/Two plugins are named "audit"/);
  });

  it('runFirst: the first plugin with a result wins and later plugins are not called', () => {
    const third = jest.fn(() => content('third'));
    testScheduler().run(({ cold, expectObservable }) => {
      const plugins = new PluginManager([
        createPlugin({ name: 'a', beforeRunCallback: () => undefined }),
        createPlugin({ name: 'b', beforeRunCallback: () => cold('-x|', { x: content('b') }) }),
        createPlugin({ name: 'c', beforeRunCallback: third }),
      ]);
      expectObservable(plugins.runFirst('beforeRunCallback', ctx)).toBe('-(x|)', { x: content('b') });
    });
    expect(third).not.toHaveBeenCalled();
  });

  it('chain: the Runner-level chain of a hook, decided once; nothing registered when no plugin implements it', () => {
    const plugins = new PluginManager([createPlugin({ name: 'a', onEventCallback: () => undefined })]);
    expect(plugins.chain('onEventCallback').registered).toBe(true);
    expect(plugins.chain('onEventCallback')).toBe(plugins.chain('onEventCallback'));
    expect(plugins.chain('beforeRunCallback').registered).toBe(false);
    testScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const agent = cold('-e|');
      const result = plugins.chain('beforeRunCallback').orElse([ctx], () => agent);
      expect(result).toBe(agent);
      expectObservable(result).toBe('-e|');
      expectSubscriptions(agent.subscriptions).toBe('^-!');
    });
  });

  it('directImplementationsOf: the implementations called in place, found once per hook, failures named like implementationsOf\'s', () => {
    const boom = new Error('boom');
    const plugins = new PluginManager([
      createPlugin({ name: 'quiet', beforeRunCallback: () => undefined }),
      createPlugin({ name: 'answers', beforeRunCallback: () => content('now') }),
      createPlugin({
        name: 'fails',
        beforeRunCallback: () => {
          throw boom;
        },
      }),
    ]);
    const [quiet, answers, fails] = plugins.directImplementationsOf('beforeRunCallback');
    expect(plugins.directImplementationsOf('beforeRunCallback')).toBe(plugins.directImplementationsOf('beforeRunCallback'));
    expect(quiet!(ctx)).toBeUndefined();
    expect(answers!(ctx)).toEqual(content('now'));
    expect(() => fails!(ctx)).toThrow(new CallbackError({ hook: 'beforeRunCallback', pluginName: 'fails', cause: boom }));
    expect(plugins.directImplementationsOf('onEventCallback')).toEqual([]);
  });

  it('runAll: every plugin runs, in order, even when one returns something', () => {
    const order: string[] = [];
    testScheduler().run(({ cold, expectObservable }) => {
      const plugins = new PluginManager([
        createPlugin({ name: 'a', afterRunCallback: () => (order.push('a'), cold('--x|') as never) }),
        createPlugin({ name: 'b', afterRunCallback: () => void order.push('b') }),
      ]);
      expectObservable(plugins.runAll('afterRunCallback', ctx)).toBe('--|');
    });
    expect(order).toEqual(['a', 'b']);
  });

  it('supports class plugins (BasePlugin subclasses) and finds plugins by name', () => {
    class Counter extends BasePlugin {
      count = 0;
      constructor() {
        super('counter');
      }
      override beforeAgentCallback() {
        this.count++;
        return undefined;
      }
    }
    const counter = new Counter();
    const plugins = new PluginManager([counter]);
    plugins.runFirst('beforeAgentCallback', cbCtx).subscribe();
    expect(counter.count).toBe(1);
    expect(plugins.getPlugin('counter')).toBe(counter);
  });

  it('closes every plugin that can be closed', () => {
    const closed: string[] = [];
    const plugins = new PluginManager([
      createPlugin({ name: 'a', close: () => void closed.push('a') }),
      createPlugin({ name: 'b' }),
      createPlugin({ name: 'c', close: () => void closed.push('c') }),
    ]);
    plugins.close().subscribe();
    expect(closed).toEqual(['a', 'c']);
  });
});

describe('callbackChain over a PluginManager', () => {
  it('puts plugins before the agent\'s own callbacks; a plugin result skips them', () => {
    const own = jest.fn(() => content('own'));
    testScheduler().run(({ expectObservable }) => {
      const plugins = new PluginManager([createPlugin({ name: 'p', beforeAgentCallback: () => content('plugin') })]);
      expectObservable(callbackChain(plugins, 'beforeAgentCallback', [own]).run(cbCtx)).toBe('(x|)', { x: content('plugin') });
    });
    expect(own).not.toHaveBeenCalled();
  });

  it('falls through to the agent\'s callbacks when no plugin answers, and works without plugins', () => {
    testScheduler().run(({ expectObservable }) => {
      const plugins = new PluginManager([createPlugin({ name: 'p', beforeAgentCallback: () => undefined })]);
      expectObservable(callbackChain(plugins, 'beforeAgentCallback', [() => undefined, () => content('own')]).run(cbCtx)).toBe(
        '(x|)',
        { x: content('own') },
      );
      expectObservable(callbackChain(undefined, 'beforeAgentCallback', []).run(cbCtx)).toBe('|');
    });
  });
});
