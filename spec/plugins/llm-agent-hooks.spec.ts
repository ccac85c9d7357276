import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { llmAgentHooks, type LlmAgentCallbackSource } from '../../lib/plugins/llm-agent-hooks.js';
import { PluginManager } from '../../lib/plugins/plugin-manager.js';

const noCallbacks = (): LlmAgentCallbackSource => ({
  name: 'a',
  beforeModelCallbacks: [],
  afterModelCallbacks: [],
  onModelErrorCallbacks: [],
  beforeToolCallbacks: [],
  afterToolCallbacks: [],
  onToolErrorCallbacks: [],
});

describe('llmAgentHooks', () => {
  it('decides the six chains once per (plugin manager, agent)', () => {
    const plugins = new PluginManager([createPlugin({ name: 'cache', beforeModelCallback: () => undefined })]);
    const agent = { ...noCallbacks(), afterToolCallbacks: [() => undefined] };

    const hooks = llmAgentHooks(plugins, agent);
    const registered = Object.entries(hooks)
      .filter(([, chain]) => chain.registered)
      .map(([name]) => name);
    expect(registered).toEqual(['beforeModel', 'afterTool']);
    expect(llmAgentHooks(plugins, agent)).toBe(hooks);
    expect(llmAgentHooks(new PluginManager(), agent)).not.toBe(hooks);
  });

  it('has nothing registered for an agent without callbacks run without plugins', () => {
    const hooks = llmAgentHooks(undefined, noCallbacks());
    expect(Object.values(hooks).some((chain) => chain.registered)).toBe(false);
  });
});
