import { jest } from '@jest/globals';
import { memoisePerAgent } from '../../lib/plugins/memoise-per-agent.js';
import { PluginManager } from '../../lib/plugins/plugin-manager.js';

describe('memoisePerAgent', () => {
  it('builds once per (plugin manager, agent) pair, including the "no plugin manager" slot', () => {
    const build = jest.fn((plugins: PluginManager | undefined, agent: { name: string }) => ({ plugins, agent }));
    const hooks = memoisePerAgent(build);
    const plugins = new PluginManager();
    const other = new PluginManager();
    const a = { name: 'a' };
    const b = { name: 'b' };

    const first = hooks(plugins, a);
    expect(hooks(plugins, a)).toBe(first);
    expect(hooks(plugins, b)).not.toBe(first);
    expect(hooks(other, a)).not.toBe(first);
    expect(hooks(undefined, a)).toBe(hooks(undefined, a));
    expect(build).toHaveBeenCalledTimes(4);
    expect(build.mock.calls.map(([p, agent]) => [p === undefined ? 'none' : p === plugins ? 'plugins' : 'other', agent.name])).toEqual([
      ['plugins', 'a'],
      ['plugins', 'b'],
      ['other', 'a'],
      ['none', 'a'],
    ]);
  });
});
