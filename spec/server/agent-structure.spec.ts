import { BaseAgent } from '../../lib/agents/base-agent.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { LoopAgent } from '../../lib/agents/loop-agent.js';
import { ParallelAgent } from '../../lib/agents/parallel-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import { agentStructure } from '../../lib/server/agent-structure.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { McpToolset } from '../../lib/mcp/mcp-toolset.js';

const tool = (name: string) => new FunctionTool({ name, description: name, execute: () => ({}) });

describe('agentStructure', () => {
  it('describes one agent: its class, model, tools and no sub-agents', () => {
    const agent = new LlmAgent({ name: 'solo', description: 'Alone.', model: 'gemini-2.5-flash', tools: [tool('look')] });
    expect(agentStructure(agent)).toEqual({
      name: 'solo',
      type: 'agent',
      agent_class: 'LlmAgent',
      flow: 'transfer',
      description: 'Alone.',
      model: 'gemini-2.5-flash',
      tools: [{ name: 'look', type: 'tool' }],
    });
  });

  it('walks a tree of every agent kind, naming how each runs its sub-agents', () => {
    const leaf = (name: string) => new LlmAgent({ name, model: 'm' });
    const root = new LlmAgent({
      name: 'root',
      model: 'm',
      subAgents: [
        new SequentialAgent({ name: 'steps', subAgents: [leaf('a'), leaf('b')] }),
        new ParallelAgent({ name: 'fan', subAgents: [leaf('c')] }),
        new LoopAgent({ name: 'again', subAgents: [leaf('d')] }),
      ],
    });
    const tree = agentStructure(root);
    expect(tree.sub_agents?.map((sub) => [sub.name, sub.agent_class, sub.flow, sub.sub_agents?.map((s) => s.name)])).toEqual([
      ['steps', 'SequentialAgent', 'sequence', ['a', 'b']],
      ['fan', 'ParallelAgent', 'parallel', ['c']],
      ['again', 'LoopAgent', 'loop', ['d']],
    ]);
  });

  it('names a toolset by its class (its tools depend on the context), and a custom agent as custom', () => {
    class Custom extends BaseAgent {
      protected override runAsyncImpl(): never {
        throw new Error('not run');
      }
    }
    const toolset = new McpToolset({ connectionParams: { type: 'stdio', command: 'true' } });
    const agent = new LlmAgent({ name: 'uses_mcp', tools: [toolset], subAgents: [new Custom({ name: 'mine' })] });
    const tree = agentStructure(agent);
    expect(tree.tools).toEqual([{ name: 'McpToolset', type: 'toolset' }]);
    expect(tree.model).toBeUndefined();
    expect(tree.sub_agents?.[0]).toMatchObject({ name: 'mine', flow: 'custom', agent_class: 'Custom' });
  });
});
