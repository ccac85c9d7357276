import { agentStructure } from '../../lib/server/agent-structure.js';
import { graphScene, litParts, type SceneCluster } from '../../lib/server/graph-scene.js';
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
      'open_ticket:tool:🔧 open_ticket',
      'merge:join:merge',
      'writer:agent:writer',
      'lookup:tool:🔧 lookup',
    ]);
    expect(scene.edges).toContainEqual({ from: { id: 'classify' }, to: { id: 'research', cluster: 'research' }, label: 'routine' });
    expect(scene.edges).toContainEqual({ from: { id: 'research/rank', cluster: 'research' }, to: { id: 'merge' } });
    expect(scene.edges).toContainEqual({ from: { id: 'writer' }, to: { id: 'lookup' }, dashed: true });
  });

  it('lights the deepest drawn node of a path and the clusters on it; pairs light both ends and the edge both ways', () => {
    const lit = litParts(scene, { path: 'research/rank', pairs: [['writer', 'lookup']] });
    expect([...lit.nodes].sort()).toEqual(['lookup', 'research/rank', 'writer']);
    expect(lit.clusters.has('research')).toBe(true);
    expect(lit.edges).toEqual(new Set([JSON.stringify(['writer', 'lookup']), JSON.stringify(['lookup', 'writer'])]));
    expect([...litParts(scene, { path: 'shout/upper' }).nodes]).toEqual(['shout']);
    expect([...litParts(scene, { path: 'nowhere/at/all' }).nodes]).toEqual([]);
    expect([...litParts(scene, {}).nodes]).toEqual([]);
  });
});
