import { graphScene, litParts, type GraphScene, type SceneLights } from '../../lib/server/graph-scene.js';
import type { GraphNodeStructure } from '../../lib/server/graph-structure.js';
import { clear } from './dom.js';
import { graphLayout, type PlacedNode } from './graph-layout.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The app's graph in the dev UI: its agents, or its workflow (routes on the edges, joins, workers,
 * nested workflows as boxes), drawn as SVG from `build_graph`'s structure with the same scene the
 * server's DOT comes from (`graphScene`), and {@link light} marks an event's node (by its
 * `nodeInfo.path`) and the nested workflows around it. Nodes carry `data-id` (their path).
 *
 * @example
 * ```ts
 * const view = new GraphView(document.querySelector('#app-graph')!);
 * view.show(structure);
 * view.light({ path: 'research/rank' });
 * ```
 */
export class GraphView {
  private scene: GraphScene | undefined;

  constructor(private readonly root: HTMLElement) {}

  /** Draws `structure` (nothing lit); a placeholder for `undefined`. */
  show(structure: GraphNodeStructure | undefined, placeholder = 'No graph.'): void {
    this.scene = structure ? graphScene(structure) : undefined;
    clear(this.root, this.scene ? undefined : placeholder);
    if (this.scene) this.root.append(svgOf(this.scene));
  }

  /** Marks what `lights` names (and unmarks the rest). */
  light(lights: SceneLights): void {
    if (!this.scene) return;
    const lit = litParts(this.scene, lights);
    this.root.querySelectorAll<SVGGElement>('g.graph-node').forEach((node) => node.classList.toggle('lit', lit.nodes.has(node.dataset['id'] ?? '')));
    this.root.querySelectorAll<SVGGElement>('g.graph-cluster').forEach((cluster) => cluster.classList.toggle('lit', lit.clusters.has(cluster.dataset['id'] ?? '')));
  }
}

function svgOf(scene: GraphScene): SVGSVGElement {
  const layout = graphLayout(scene);
  const svg = el('svg', { viewBox: `0 0 ${layout.width} ${layout.height}`, width: String(layout.width), class: 'graph', 'data-testid': 'graph', role: 'img', 'aria-label': `Graph of ${scene.name}` });
  const defs = el('defs', {});
  const marker = el('marker', { id: 'graph-arrow', viewBox: '0 0 10 10', refX: '10', refY: '5', markerWidth: '7', markerHeight: '7', orient: 'auto-start-reverse' });
  marker.append(el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'graph-arrow' }));
  defs.append(marker);
  svg.append(defs);
  for (const cluster of layout.clusters) {
    const group = el('g', { class: 'graph-cluster', 'data-id': cluster.id });
    group.append(el('rect', { x: String(cluster.x), y: String(cluster.y), width: String(cluster.w), height: String(cluster.h), rx: '8' }), text(cluster.label, cluster.x + 10, cluster.y + 14, 'start'));
    svg.append(group);
  }
  for (const edge of layout.edges) {
    const group = el('g', { class: `graph-edge${edge.dashed ? ' dashed' : ''}`, 'data-from': edge.from.id, 'data-to': edge.to.id });
    group.append(el('path', { d: edge.path, ...(edge.dashed ? {} : { 'marker-end': 'url(#graph-arrow)' }) }));
    if (edge.label) group.append(text(edge.label, edge.labelAt.x, edge.labelAt.y, 'middle'));
    svg.append(group);
  }
  for (const node of layout.nodes) svg.append(nodeOf(node));
  return svg;
}

function nodeOf(node: PlacedNode): SVGGElement {
  const group = el('g', { class: `graph-node kind-${node.kind}`, 'data-id': node.id });
  const title = el('title', {});
  title.textContent = `${node.tooltip}: ${node.id}`;
  group.append(title, shapeOf(node), text(node.label, node.x + node.w / 2, node.y + node.h / 2 + 4, 'middle'));
  return group;
}

function shapeOf(node: PlacedNode): SVGElement {
  const { x, y, w, h } = node;
  if (node.kind === 'start') return el('circle', { cx: String(x + w / 2), cy: String(y + h / 2), r: String(w / 2) });
  if (node.kind === 'join') return el('polygon', { points: `${x},${y} ${x + w},${y} ${x + w - 10},${y + h} ${x + 10},${y + h}` });
  return el('rect', { x: String(x), y: String(y), width: String(w), height: String(h), rx: '8' });
}

function text(content: string, x: number, y: number, anchor: 'start' | 'middle'): SVGTextElement {
  const node = el('text', { x: String(x), y: String(y), 'text-anchor': anchor });
  node.textContent = content;
  return node;
}

function el<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}
