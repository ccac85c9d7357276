import { agentStructure } from '../../lib/server/agent-structure.js';
import { graphScene, type GraphScene } from '../../lib/server/graph-scene.js';
import { graphLayout } from '../../web/src/graph-layout.js';
import { rootAgent as triage } from '../fixtures/workflows/triage/agent.js';

describe('graphLayout', () => {
  const layout = graphLayout(graphScene(agentStructure(triage)));
  const node = (id: string) => layout.nodes.find((n) => n.id === id)!;

  it('places every node once, left to right along the edges, inside the canvas', () => {
    expect(layout.nodes.map((n) => n.id).sort()).toEqual(['__START__', 'classify', 'escalate', 'merge', 'open_ticket', 'research', 'research/gather', 'research/rank', 'shout', 'tool:lookup', 'writer']);
    for (const [before, after] of [['__START__', 'classify'], ['classify', 'escalate'], ['escalate', 'open_ticket'], ['research/gather', 'research/rank'], ['shout', 'merge'], ['merge', 'writer'], ['writer', 'tool:lookup']]) {
      expect(node(after!).x).toBeGreaterThan(node(before!).x + node(before!).w);
    }
    for (const n of layout.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0);
      expect(n.y).toBeGreaterThanOrEqual(0);
      expect(n.x + n.w).toBeLessThanOrEqual(layout.width);
      expect(n.y + n.h).toBeLessThanOrEqual(layout.height);
    }
  });

  it('boxes a nested workflow around its nodes, as one block of its parent (before the join, after the router)', () => {
    const [cluster] = layout.clusters;
    expect(cluster?.id).toBe('research');
    for (const id of ['research', 'research/gather', 'research/rank']) {
      expect(node(id).x).toBeGreaterThan(cluster!.x);
      expect(node(id).x + node(id).w).toBeLessThan(cluster!.x + cluster!.w);
      expect(node(id).y).toBeGreaterThan(cluster!.y);
      expect(node(id).y + node(id).h).toBeLessThan(cluster!.y + cluster!.h);
    }
    expect(cluster!.x).toBeGreaterThan(node('classify').x + node('classify').w);
    expect(node('merge').x).toBeGreaterThan(cluster!.x + cluster!.w);
  });

  it('routes edges between boxes (a nested workflow\'s at its box), keeps labels and dashes, and bends a loop back below', () => {
    const into = layout.edges.find((e) => e.to.id === 'research' && e.from.id === 'classify')!;
    expect(into.label).toBe('routine');
    expect(into.path.startsWith(`M${node('classify').x + node('classify').w},`)).toBe(true);
    expect(into.path.endsWith(`${layout.clusters[0]!.x},${layout.clusters[0]!.y + layout.clusters[0]!.h / 2}`)).toBe(true);
    expect(layout.edges.find((e) => e.to.id === 'tool:lookup')?.dashed).toBe(true);
    const loop: GraphScene = {
      name: 'loop',
      root: { id: '', label: '', items: [{ id: 'a', label: 'a', kind: 'function', tooltip: '' }, { id: 'b', label: 'b', kind: 'function', tooltip: '' }] },
      edges: [{ from: { id: 'a' }, to: { id: 'b' } }, { from: { id: 'b' }, to: { id: 'a' }, label: 'again' }],
    };
    const looped = graphLayout(loop);
    const [a, b] = looped.nodes;
    expect(b!.x).toBeGreaterThan(a!.x);
    const back = looped.edges[1]!;
    expect(back.labelAt.y).toBeGreaterThan(Math.max(a!.y + a!.h, b!.y + b!.h));
  });

  it('lays out an empty scene and one node', () => {
    expect(graphLayout({ name: 'e', root: { id: '', label: '', items: [] }, edges: [] }).nodes).toEqual([]);
    expect(graphLayout({ name: 'one', root: { id: '', label: '', items: [{ id: 'x', label: 'x', kind: 'agent', tooltip: 'Agent' }] }, edges: [] }).nodes).toHaveLength(1);
  });
});
