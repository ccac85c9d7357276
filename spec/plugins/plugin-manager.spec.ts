import { jest } from '@jest/globals';
import type { Content } from '@google/genai';
import { BasePlugin } from '../../lib/plugins/base-plugin.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { PluginManager } from '../../lib/plugins/plugin-manager.js';
import { runCallbackChain } from '../../lib/plugins/run-callback-chain.js';
import type { InvocationContext } from '../../lib/context/invocation-context.js';
import type { CallbackContext } from '../../lib/context/callback-context.js';
import { PluginConfigError } from '../../lib/utils/errors.js';
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

describe('runCallbackChain', () => {
  it('puts plugins before the agent\'s own callbacks; a plugin result skips them', () => {
    const own = jest.fn(() => content('own'));
    testScheduler().run(({ expectObservable }) => {
      const plugins = new PluginManager([createPlugin({ name: 'p', beforeAgentCallback: () => content('plugin') })]);
      expectObservable(runCallbackChain(plugins, 'beforeAgentCallback', [own], cbCtx)).toBe('(x|)', { x: content('plugin') });
    });
    expect(own).not.toHaveBeenCalled();
  });

  it('falls through to the agent\'s callbacks when no plugin answers, and works without plugins', () => {
    testScheduler().run(({ expectObservable }) => {
      const plugins = new PluginManager([createPlugin({ name: 'p', beforeAgentCallback: () => undefined })]);
      expectObservable(runCallbackChain(plugins, 'beforeAgentCallback', [() => undefined, () => content('own')], cbCtx)).toBe(
        '(x|)',
        { x: content('own') },
      );
      expectObservable(runCallbackChain(undefined, 'beforeAgentCallback', [], cbCtx)).toBe('|');
    });
  });
});
