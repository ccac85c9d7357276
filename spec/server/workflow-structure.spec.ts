import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { agentStructure } from '../../lib/server/agent-structure.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { WorkflowNode } from '../../lib/workflow/workflow-node.js';
import { node } from '../../lib/workflow/node.js';
import { outputYield } from '../../lib/workflow/node-yield.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { of } from 'rxjs';
import { rootAgent as triage } from '../fixtures/workflows/triage/agent.js';

describe('workflowGraphStructure (through agentStructure)', () => {
  it('describes a workflow in ADK 2.0\'s shape: START first as __START__, each node by kind, edges with their routes', () => {
    const structure = agentStructure(triage);
    expect(structure).toMatchObject({ name: 'triage', type: 'workflow', agent_class: 'Workflow', flow: 'graph' });
    const nodes = structure.graph!.nodes;
    expect(nodes.map((n) => [n.name, n.type])).toEqual([
      ['__START__', 'start'],
      ['classify', 'function'],
      ['escalate', 'function'],
      ['research', 'workflow'],
      ['shout', 'parallel_worker'],
      ['open_ticket', 'tool'],
      ['merge', 'join'],
      ['writer', 'agent'],
    ]);
    expect(nodes.find((n) => n.name === 'writer')).toMatchObject({ agent_class: 'LlmAgent', tools: [{ name: 'lookup', type: 'tool' }] });
    expect(nodes.find((n) => n.name === 'shout')).toEqual({ name: 'shout', type: 'parallel_worker', max_parallel_workers: 4, inner: { name: 'upper', type: 'function' } });
    const research = nodes.find((n) => n.name === 'research');
    expect(research?.type === 'workflow' && research.graph?.nodes.map((n) => n.name)).toEqual(['__START__', 'gather', 'rank']);
    const edges = structure.graph!.edges.map((e) => [e.from_node.name, e.to_node.name, e.route]);
    expect(edges).toEqual([
      ['__START__', 'classify', undefined],
      ['classify', 'escalate', ['urgent', '__DEFAULT__']],
      ['classify', 'research', 'routine'],
      ['classify', 'shout', 'routine'],
      ['escalate', 'open_ticket', undefined],
      ['research', 'merge', undefined],
      ['merge', 'writer', undefined],
      ['shout', 'merge', undefined],
    ]);
    expect(structure.graph!.edges[2]).toEqual({ from_node: { name: 'classify', type: 'function' }, to_node: { name: 'research', type: 'workflow' }, route: 'routine' });
    expect(JSON.parse(JSON.stringify(structure))).toEqual(structure);
  });

  it('names an agent node by its node name, a renamed tool node as a tool, and a node class of the user\'s as node', () => {
    class Double extends WorkflowNode {
      constructor() {
        super('double');
      }
      run(_ctx: unknown, input: unknown) {
        return of(outputYield(Number(input) * 2));
      }
      withOptions() {
        return this;
      }
    }
    const agent = new LlmAgent({ name: 'helper', model: 'm' });
    const tool = new FunctionTool({ name: 't', description: 't', execute: () => ({}) });
    const wf = new Workflow({ name: 'wf', edges: [[START, node(agent, { name: 'step_one' }), node(tool, { name: 'step_two' }), new Double()]] });
    expect(agentStructure(wf).graph!.nodes.slice(1).map((n) => [n.name, n.type, 'node_class' in n ? n.node_class : 'agent_class' in n ? n.agent_class : undefined])).toEqual([
      ['step_one', 'agent', 'LlmAgent'],
      ['step_two', 'tool', undefined],
      ['double', 'node', 'Double'],
    ]);
  });

  it('describes a workflow below an agent (a sub-agent) with its graph', () => {
    const wf = new Workflow({ name: 'inner', edges: [[START, function only() { return 1; }]] });
    const root = new LlmAgent({ name: 'desk', model: 'm', subAgents: [wf] });
    expect(agentStructure(root).sub_agents?.[0]).toMatchObject({ name: 'inner', type: 'workflow', flow: 'graph', graph: { nodes: [{ name: '__START__' }, { name: 'only', type: 'function' }] } });
  });
});
