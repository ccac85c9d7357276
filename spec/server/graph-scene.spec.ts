import { agentStructure } from '../../lib/server/agent-structure.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { graphScene, litParts, type SceneCluster, toolNodeId } from '../../lib/server/graph-scene.js';
import { node } from '../../lib/workflow/node.js';
import { NodeTool } from '../../lib/workflow/node-tool.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { rootAgent as triage } from '../fixtures/workflows/triage/agent.js';

describe('graphScene', () => {
  const scene = graphScene(agentStructure(triage));

  it('nests a workflow\'s nodes in clusters, ids as node paths, and keeps the edges\' routes and cluster ends', () => {
    const ids = (cluster: SceneCluster): unknown[] => cluster.items.map((item) => ('kind' in item ? `${item.id}:${item.kind}:${item.label}` : { [item.id]: ids(item) }));
    expect(ids(scene.root)).toEqual([
      '__START__:start:START',
      'classify:function:classify',
      'escalate:function:escalate',
      { research: ['research:start:START', 'research/gather:function:gather', 'research/rank:function:rank'] },
      'shout:worker:shout ×4',
      'open_ticket:tool:open_ticket',
      'merge:join:merge',
      'writer:agent:writer',
      'tool:lookup:tool:lookup',
    ]);
    expect(scene.edges).toContainEqual({ from: { id: 'classify' }, to: { id: 'research', cluster: 'research' }, label: 'routine' });
    expect(scene.edges).toContainEqual({ from: { id: 'research/rank', cluster: 'research' }, to: { id: 'merge' } });
    expect(scene.edges).toContainEqual({ from: { id: 'writer' }, to: { id: 'tool:lookup' }, dashed: true });
  });

  it('lights the deepest drawn node of a path and the clusters on it; pairs light both ends and the edge both ways', () => {
    const lit = litParts(scene, { path: 'research/rank', pairs: [['writer', 'tool:lookup']] });
    expect([...lit.nodes].sort()).toEqual(['research/rank', 'tool:lookup', 'writer']);
    expect(lit.clusters.has('research')).toBe(true);
    expect(lit.edges).toEqual(new Set([JSON.stringify(['writer', 'tool:lookup']), JSON.stringify(['tool:lookup', 'writer'])]));
    expect([...litParts(scene, { path: 'shout/upper' }).nodes]).toEqual(['shout']);
    expect([...litParts(scene, { path: 'nowhere/at/all' }).nodes]).toEqual([]);
    expect([...litParts(scene, {}).nodes]).toEqual([]);
  });

  it('draws a tool and a node (or agent) of the same name as two nodes, labels in plain text', () => {
    const calculate = node(() => '5%', { name: 'calculate_discount' });
    const host = new LlmAgent({ name: 'shop', model: 'gemini-2.5-flash', tools: [new NodeTool(calculate)] });
    const wf = new Workflow({ name: 'wf', edges: [[START, calculate, host]] });
    const drawn = graphScene(agentStructure(wf));
    const nodes = drawn.root.items.flatMap((item) => ('kind' in item ? [`${item.id}:${item.kind}:${item.label}`] : []));
    expect(nodes).toEqual(['__START__:start:START', 'calculate_discount:function:calculate_discount', 'shop:agent:shop', 'tool:calculate_discount:tool:calculate_discount']);
    expect(drawn.edges).toContainEqual({ from: { id: 'shop' }, to: { id: 'tool:calculate_discount' }, dashed: true });
    expect(nodes.join('')).toMatch(/^[\x20-\x7E]*$/);
    expect(toolNodeId('sub/', 'lookup')).toBe('sub/tool:lookup');
  });
});

