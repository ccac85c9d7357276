import type { GraphScene, SceneCluster, SceneEdge, SceneNode } from '../../lib/server/graph-scene.js';

/** A placed node: the scene's node and its box (x, y: top left). */
export interface PlacedNode extends SceneNode {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A placed cluster (a nested workflow's box). */
export interface PlacedCluster {
  id: string;
  label: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A placed edge: the scene's edge, an SVG path and where its label goes. */
export interface PlacedEdge extends SceneEdge {
  path: string;
  labelAt: { x: number; y: number };
}

/** A laid-out graph, left to right, in pixels. */
export interface GraphLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  clusters: PlacedCluster[];
  edges: PlacedEdge[];
}

const NODE_H = 32;
const START_D = 40;
const COLUMN_GAP = 56;
const ROW_GAP = 18;
const PAD = 12;
const CLUSTER_LABEL = 18;

/** A box inside a cluster: a node, or a nested cluster laid out on its own first. */
interface Block {
  item: SceneNode | SceneCluster;
  w: number;
  h: number;
  /** Nested blocks' offsets inside this one (for a cluster). */
  inner?: LocalLayout;
}

interface LocalLayout {
  w: number;
  h: number;
  placed: Array<{ block: Block; x: number; y: number }>;
}

/**
 * Lays a {@link GraphScene} out left to right: inside each cluster (innermost first) its items are
 * ranked by their longest path along the scene's edges (edges back to an earlier rank are loops,
 * drawn below), stacked per rank in drawing order; a cluster is then one box in its parent's
 * layout. Edges run from a box's right side to the next box's left side (a nested workflow's
 * edges from and to its cluster's box). Pure.
 *
 * @example
 * ```ts
 * const layout = graphLayout(graphScene(structure));
 * layout.nodes.find((node) => node.id === 'classify'); // { id: 'classify', x: 96, y: 40, w: 80, h: 32, … }
 * ```
 */
export function graphLayout(scene: GraphScene): GraphLayout {
  const owner = new Map<string, string[]>();
  const index = (cluster: SceneCluster, chain: string[]): void =>
    cluster.items.forEach((item) => ('kind' in item ? owner.set(item.id, chain) : index(item, [...chain, item.id])));
  index(scene.root, []);
  const root = layoutCluster(scene.root, scene.edges, owner, 0);
  const result: GraphLayout = { width: root.w + 2 * PAD, height: root.h + 2 * PAD, nodes: [], clusters: [], edges: [] };
  place(root, PAD, PAD, result);
  const boxOf = new Map<string, { x: number; y: number; w: number; h: number }>([...result.nodes.map((n) => [n.id, n] as const), ...result.clusters.map((c) => [`cluster:${c.id}`, c] as const)]);
  for (const edge of scene.edges) {
    const from = boxOf.get(edge.from.cluster ? `cluster:${edge.from.cluster}` : edge.from.id);
    const to = boxOf.get(edge.to.cluster ? `cluster:${edge.to.cluster}` : edge.to.id);
    if (from && to) result.edges.push({ ...edge, ...route(from, to, edge.dashed === true) });
  }
  return result;
}

/** Lays out the items of one cluster (depth: how many clusters it is inside). */
function layoutCluster(cluster: SceneCluster, edges: SceneEdge[], owner: Map<string, string[]>, depth: number): LocalLayout {
  const blocks = cluster.items.map((item): Block => {
    if ('kind' in item) return { item, ...nodeSize(item) };
    const inner = layoutCluster(item, edges, owner, depth + 1);
    return { item, w: inner.w + 2 * PAD, h: inner.h + 2 * PAD + CLUSTER_LABEL, inner };
  });
  /** The block of this cluster an edge end lands on: the node itself, or the nested cluster around it. */
  const blockOf = (id: string): number => {
    const chain = owner.get(id) ?? [];
    if (chain.length > depth) return blocks.findIndex((block) => !('kind' in block.item) && block.item.id === chain[depth]);
    return blocks.findIndex((block) => 'kind' in block.item && block.item.id === id);
  };
  const links = edges.map((edge) => [blockOf(edge.from.id), blockOf(edge.to.id)] as const).filter(([from, to]) => from >= 0 && to >= 0 && from !== to);
  const ranks = rankBlocks(blocks.length, links);
  const columns: number[][] = [];
  ranks.forEach((rank, i) => (columns[rank] ??= []).push(i));
  const heights = columns.map((column) => column.reduce((sum, i) => sum + blocks[i]!.h, 0) + ROW_GAP * (column.length - 1));
  const h = Math.max(0, ...heights);
  const placed: LocalLayout['placed'] = [];
  let x = 0;
  columns.forEach((column, rank) => {
    const w = Math.max(...column.map((i) => blocks[i]!.w));
    let y = (h - heights[rank]!) / 2;
    for (const i of column) {
      placed.push({ block: blocks[i]!, x: x + (w - blocks[i]!.w) / 2, y });
      y += blocks[i]!.h + ROW_GAP;
    }
    x += w + COLUMN_GAP;
  });
  return { w: Math.max(0, x - COLUMN_GAP), h, placed };
}

/** Each block's rank: its longest path from the blocks nothing leads to, loops (edges back up a walk) left out. */
function rankBlocks(count: number, links: ReadonlyArray<readonly [number, number]>): number[] {
  const out = Array.from({ length: count }, () => [] as number[]);
  for (const [from, to] of links) out[from]!.push(to);
  const state = new Array<number>(count).fill(0);
  const forward: Array<[number, number]> = [];
  const walk = (i: number): void => {
    state[i] = 1;
    for (const to of out[i]!) {
      if (state[to] === 1) continue; // a loop back
      forward.push([i, to]);
      if (state[to] === 0) walk(to);
    }
    state[i] = 2;
  };
  for (let i = 0; i < count; i++) if (state[i] === 0) walk(i);
  const rank = new Array<number>(count).fill(0);
  for (let pass = 0; pass < count; pass++) {
    let changed = false;
    for (const [from, to] of forward) if (rank[to]! < rank[from]! + 1) (rank[to] = rank[from]! + 1), (changed = true);
    if (!changed) break;
  }
  return rank;
}

function place(local: LocalLayout, ox: number, oy: number, result: GraphLayout): void {
  for (const { block, x, y } of local.placed) {
    if ('kind' in block.item) {
      result.nodes.push({ ...block.item, x: ox + x, y: oy + y, w: block.w, h: block.h });
      continue;
    }
    result.clusters.push({ id: block.item.id, label: block.item.label, x: ox + x, y: oy + y, w: block.w, h: block.h });
    place(block.inner!, ox + x + PAD, oy + y + PAD + CLUSTER_LABEL, result);
  }
}

function nodeSize(node: SceneNode): { w: number; h: number } {
  if (node.kind === 'start') return { w: START_D, h: START_D };
  return { w: Math.max(64, [...node.label].length * 7 + 28), h: NODE_H };
}

/** A curve from `from`'s right side to `to`'s left side; a loop back (or a tool) bends below. */
function route(from: { x: number; y: number; w: number; h: number }, to: { x: number; y: number; w: number; h: number }, dashed: boolean): Pick<PlacedEdge, 'path' | 'labelAt'> {
  const sx = from.x + from.w;
  const sy = from.y + from.h / 2;
  const tx = to.x;
  const ty = to.y + to.h / 2;
  if (tx > sx && !dashed) {
    const bend = Math.max(24, (tx - sx) / 2);
    return { path: `M${sx},${sy} C${sx + bend},${sy} ${tx - bend},${ty} ${tx},${ty}`, labelAt: { x: (sx + tx) / 2, y: (sy + ty) / 2 - 4 } };
  }
  const fx = from.x + from.w / 2;
  const fy = from.y + from.h;
  const bx = to.x + to.w / 2;
  const by = to.y + to.h;
  const low = Math.max(fy, by) + 28;
  return { path: `M${fx},${fy} C${fx},${low} ${bx},${low} ${bx},${by}`, labelAt: { x: (fx + bx) / 2, y: low - 6 } };
}
