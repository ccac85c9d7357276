import { graphScene, litParts, type SceneCluster, type SceneEdge, type SceneNode, type SceneNodeKind } from './graph-scene.js';
import type { GraphNodeStructure } from './graph-structure.js';

/**
 * Options of {@link agentGraphDot}.
 *
 * @example
 * ```ts
 * const options: AgentGraphDotOptions = { darkMode: true, highlights: [['weather_agent', 'get_weather']], litPath: 'review' };
 * ```
 */
export interface AgentGraphDotOptions {
  /** Colours for a dark page (adk-web's `dark_mode`). Default `false`. */
  darkMode?: boolean;
  /**
   * Steps to highlight, as ADK's event graph does: `[from, to]` lights the edge and both nodes,
   * `[node, '']` lights one node (node ids: see `graphScene`).
   */
  highlights?: ReadonlyArray<readonly [string, string]>;
  /**
   * A workflow node to light, by its path from the drawn root without run numbers (`review`,
   * `sub/draft`; see `graphPathOf`): that node and every nested workflow around it.
   */
  litPath?: string;
}

const LIGHT = { background: '#F8FAFC', fill: '#FFFFFF', border: '#94A3B8', text: '#0F172A', edge: '#64748B', highlight: '#0F9D58' };
const DARK = { background: '#0F172A', fill: '#1E293B', border: '#475569', text: '#F8FAFC', edge: '#94A3B8', highlight: '#34D399' };

/** The shape of each kind of node, after the defaults (rounded boxes). */
const SHAPES: Readonly<Record<SceneNodeKind, string[]>> = {
  start: ['shape=circle', 'width=0.75', 'fixedsize=true', 'fontsize=9'],
  function: [],
  tool: ['style="rounded,filled,dashed"'],
  join: ['shape=invtrapezium', 'style=filled'],
  worker: ['peripheries=2'],
  agent: [],
  node: [],
};

/**
 * The app's tree as a Graphviz DOT digraph, the `dotSrc` adk-web renders: the {@link graphScene}
 * (agents, tools, workflow nodes, routes, nested workflows as `subgraph "cluster_<path>"` clusters
 * entered with `lhead` and left with `ltail`) in DOT, node ids as the scene's (so adk-web finds a
 * node by its name, and a node path lights it), with `options`' lights. Pure: the same structure
 * and options give the same text.
 *
 * @example
 * ```ts
 * agentGraphDot(agentStructure(rootAgent));
 * // 'digraph "weather_agent" {\n  ... "weather_agent" -> "get_weather" [style=dashed ...];\n}\n'
 * ```
 */
export function agentGraphDot(root: GraphNodeStructure, options: AgentGraphDotOptions = {}): string {
  const scene = graphScene(root);
  const palette = options.darkMode ? DARK : LIGHT;
  const lit = litParts(scene, { pairs: options.highlights ?? [], ...(options.litPath !== undefined ? { path: options.litPath } : {}) });
  const highlight = [`color="${palette.highlight}"`, 'penwidth=3'];
  const nodeLine = (node: SceneNode, indent: string): string =>
    `${indent}${quoteDot(node.id)} [${[`label=${quoteDot(node.label)}`, `tooltip=${quoteDot(node.tooltip)}`, ...SHAPES[node.kind], ...(lit.nodes.has(node.id) ? highlight : [])].join(', ')}];`;
  const itemLines = (item: SceneNode | SceneCluster, indent: string): string[] => ('kind' in item ? [nodeLine(item, indent)] : clusterLines(item, indent));
  const clusterLines = (cluster: SceneCluster, indent: string): string[] => {
    const on = lit.clusters.has(cluster.id);
    return [
      `${indent}subgraph ${quoteDot(`cluster_${cluster.id}`)} {`,
      `${indent}  graph [label=${quoteDot(cluster.label)}, style="rounded,dashed", color="${on ? palette.highlight : palette.border}", penwidth=${on ? 2.5 : 1.2}, fontcolor="${palette.text}", labeljust=l];`,
      ...cluster.items.flatMap((item) => itemLines(item, `${indent}  `)),
      `${indent}}`,
    ];
  };
  const edgeLine = ({ from, to, label, dashed }: SceneEdge): string => {
    const attributes = [
      ...(label !== undefined ? [`label=${quoteDot(`  ${label}`)}`] : []),
      ...(dashed ? ['style=dashed', 'dir=none'] : []),
      ...(from.cluster ? [`ltail=${quoteDot(`cluster_${from.cluster}`)}`] : []),
      ...(to.cluster ? [`lhead=${quoteDot(`cluster_${to.cluster}`)}`] : []),
      ...(lit.edges.has(JSON.stringify([from.id, to.id])) ? highlight : []),
    ];
    return `  ${quoteDot(from.id)} -> ${quoteDot(to.id)}${attributes.length ? ` [${attributes.join(', ')}]` : ''};`;
  };
  return [
    `digraph ${quoteDot(scene.name)} {`,
    `  graph [bgcolor="${palette.background}", rankdir=LR, compound=true, pad=0.5, nodesep=0.5, ranksep=0.8, fontname="Helvetica", fontsize=11];`,
    `  node [shape=rect, style="rounded,filled", fillcolor="${palette.fill}", color="${palette.border}", fontcolor="${palette.text}", fontname="Helvetica", fontsize=12, penwidth=1.5];`,
    `  edge [color="${palette.edge}", fontcolor="${palette.edge}", fontname="Helvetica", fontsize=10, arrowhead=vee, arrowsize=0.7];`,
    ...scene.root.items.flatMap((item) => itemLines(item, '  ')),
    ...scene.edges.map(edgeLine),
    '}',
    '',
  ].join('\n');
}

/** A DOT double-quoted ID: backslashes and quotes escaped, line breaks as `\n`. */
function quoteDot(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}
