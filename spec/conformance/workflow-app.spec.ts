import { workflowAppOf, WorkflowRecordingError } from '../../lib/conformance/index.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';

const agent = (name: string) => new LlmAgent({ name, model: 'gemini-2.5-flash' });

describe('workflowAppOf', () => {
  it('builds the root agent with the mocks through createRootAgent when the module exports it', () => {
    const seen: unknown[] = [];
    const app = workflowAppOf({ rootAgent: agent('plain'), createRootAgent: (mocks: unknown) => (seen.push(mocks), agent('mocked')) }, 'm');
    const mocks = new Map([['random.random', () => 0.5]]);
    expect(app.createRootAgent(mocks).name).toBe('mocked');
    expect(seen).toEqual([mocks]);
  });

  it('else takes rootAgent, root_agent or the default export, and the plugins', () => {
    const plugin = createPlugin({ name: 'p' });
    expect(workflowAppOf({ rootAgent: agent('a'), plugins: [plugin] }, 'm')).toMatchObject({ plugins: [plugin] });
    expect(workflowAppOf({ root_agent: agent('b') }, 'm').createRootAgent(new Map()).name).toBe('b');
    expect(workflowAppOf({ default: agent('c') }, 'm').createRootAgent(new Map()).name).toBe('c');
  });

  it('a module without an agent is a WorkflowRecordingError naming it', () => {
    expect(() => workflowAppOf({ plugins: [] }, 'apps/x/agent.js')).toThrow(WorkflowRecordingError);
    expect(() => workflowAppOf({}, 'apps/x/agent.js')).toThrow('apps/x/agent.js: the app exports neither createRootAgent(mocks) nor rootAgent');
  });
});
