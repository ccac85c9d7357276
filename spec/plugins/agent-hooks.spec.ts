import { agentHooks } from '../../lib/plugins/agent-hooks.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { PluginManager } from '../../lib/plugins/plugin-manager.js';

describe('agentHooks', () => {
  it('decides each chain once per (plugin manager, agent) from the plugins and the agent\'s callbacks', () => {
    const plugins = new PluginManager([createPlugin({ name: 'audit', beforeAgentCallback: () => undefined })]);
    const agent = { name: 'a', beforeAgentCallback: undefined, afterAgentCallback: () => undefined };

    const hooks = agentHooks(plugins, agent);
    expect(hooks.beforeAgent.registered).toBe(true);
    expect(hooks.afterAgent.registered).toBe(true);
    expect(agentHooks(plugins, agent)).toBe(hooks);

    const bare = agentHooks(undefined, { name: 'a', beforeAgentCallback: undefined, afterAgentCallback: [] });
    expect([bare.beforeAgent.registered, bare.afterAgent.registered]).toEqual([false, false]);
  });
});
