/** The colours of a graph: a light page's or a dark page's (adk-web's `dark_mode`). */
export interface DotPalette {
  background: string;
  fill: string;
  border: string;
  text: string;
  edge: string;
  highlight: string;
}

/** Light and dark palettes. */
export const DOT_PALETTES: Readonly<Record<'light' | 'dark', DotPalette>> = {
  light: { background: '#F8FAFC', fill: '#FFFFFF', border: '#94A3B8', text: '#0F172A', edge: '#64748B', highlight: '#0F9D58' },
  dark: { background: '#0F172A', fill: '#1E293B', border: '#475569', text: '#F8FAFC', edge: '#94A3B8', highlight: '#34D399' },
};

/** What to light: `[from, to]` pairs (an edge and both ends; `[node, '']` one node) and a node path. */
export interface DotLights {
  pairs?: ReadonlyArray<readonly [string, string]>;
  /** A node id path (`sub/b`): the deepest node drawn on it, and every cluster on it. */
  path?: string;
}

/** An end of an edge: a node, or a cluster entered (`lhead`) or left (`ltail`) through one of its nodes. */
export interface DotPort {
  id: string;
  cluster?: string;
}

interface Cluster {
  name: string;
  label: string;
  scope: string;
  items: Array<string | Cluster>;
}

/**
 * Assembles one Graphviz DOT digraph: nodes (added inside the cluster being drawn), clusters
 * (`subgraph "cluster_…"`, nested), then edges, with attributes escaped, and lights applied when
 * it renders. Node ids are the caller's; one id is one node (the first attributes win).
 *
 * @example
 * ```ts
 * const canvas = new DotCanvas('wf');
 * canvas.node('a', ['label="a"']);
 * canvas.edge({ id: 'a' }, { id: 'b' }, []);
 * canvas.render(DOT_PALETTES.light, {});
 * ```
 */
export class DotCanvas {
  private readonly nodes = new Map<string, string[]>();
  private readonly edges: Array<{ from: DotPort; to: DotPort; attributes: string[] }> = [];
  private readonly root: Cluster = { name: '', label: '', scope: '', items: [] };
  private current: Cluster = this.root;

  constructor(private readonly name: string) {}

  /** Whether `id` is drawn. */
  has(id: string): boolean {
    return this.nodes.has(id);
  }

  /** Adds node `id` (once) in the cluster being drawn. */
  node(id: string, attributes: string[]): void {
    if (this.nodes.has(id)) return;
    this.nodes.set(id, attributes);
    this.current.items.push(id);
  }

  /** Adds an edge, drawn after every node. */
  edge(from: DotPort, to: DotPort, attributes: string[]): void {
    this.edges.push({ from, to, attributes });
  }

  /** Draws what `draw` adds inside a cluster named for `scope` (a node path), labelled `label`. */
  cluster<T>(scope: string, label: string, draw: () => T): T {
    const cluster: Cluster = { name: `cluster_${scope}`, label, scope, items: [] };
    const outer = this.current;
    outer.items.push(cluster);
    this.current = cluster;
    try {
      return draw();
    } finally {
      this.current = outer;
    }
  }

  /** The DOT text, with `lights` applied in `palette`'s highlight colour. */
  render(palette: DotPalette, lights: DotLights): string {
    const lit = this.litParts(lights);
    const highlight = [`color="${palette.highlight}"`, 'penwidth=3'];
    const nodeLine = (id: string, indent: string) => `${indent}${quoteDot(id)} [${[...this.nodes.get(id)!, ...(lit.nodes.has(id) ? highlight : [])].join(', ')}];`;
    const clusterLines = (cluster: Cluster, indent: string): string[] => [
      `${indent}subgraph ${quoteDot(cluster.name)} {`,
      `${indent}  graph [label=${quoteDot(cluster.label)}, style="rounded,dashed", color="${lit.clusters.has(cluster.scope) ? palette.highlight : palette.border}", penwidth=${lit.clusters.has(cluster.scope) ? 2.5 : 1.2}, fontcolor="${palette.text}", labeljust=l];`,
      ...cluster.items.flatMap((item) => (typeof item === 'string' ? [nodeLine(item, `${indent}  `)] : clusterLines(item, `${indent}  `))),
      `${indent}}`,
    ];
    const edgeLine = ({ from, to, attributes }: (typeof this.edges)[number]) => {
      const ends = [...(from.cluster ? [`ltail=${quoteDot(from.cluster)}`] : []), ...(to.cluster ? [`lhead=${quoteDot(to.cluster)}`] : [])];
      const colour = lit.edges.has(edgeKey(from.id, to.id)) ? highlight : [];
      const all = [...attributes, ...ends, ...colour];
      return `  ${quoteDot(from.id)} -> ${quoteDot(to.id)}${all.length ? ` [${all.join(', ')}]` : ''};`;
    };
    return [
      `digraph ${quoteDot(this.name)} {`,
      `  graph [bgcolor="${palette.background}", rankdir=LR, compound=true, pad=0.5, nodesep=0.5, ranksep=0.8, fontname="Helvetica", fontsize=11];`,
      `  node [shape=rect, style="rounded,filled", fillcolor="${palette.fill}", color="${palette.border}", fontcolor="${palette.text}", fontname="Helvetica", fontsize=12, penwidth=1.5];`,
      `  edge [color="${palette.edge}", fontcolor="${palette.edge}", fontname="Helvetica", fontsize=10, arrowhead=vee, arrowsize=0.7];`,
      ...this.root.items.flatMap((item) => (typeof item === 'string' ? [nodeLine(item, '  ')] : clusterLines(item, '  '))),
      ...this.edges.map(edgeLine),
      '}',
      '',
    ].join('\n');
  }

  private litParts(lights: DotLights): { nodes: Set<string>; edges: Set<string>; clusters: Set<string> } {
    const nodes = new Set<string>();
    const edges = new Set<string>();
    for (const [from, to] of lights.pairs ?? []) {
      if (from) nodes.add(from);
      if (to) nodes.add(to);
      if (from && to) edges.add(edgeKey(from, to)).add(edgeKey(to, from));
    }
    const prefixes = pathPrefixes(lights.path ?? '');
    const deepest = [...prefixes].reverse().find((prefix) => this.nodes.has(prefix));
    if (deepest !== undefined) nodes.add(deepest);
    return { nodes, edges, clusters: new Set(prefixes) };
  }
}

/** `a/b/c` → `['a', 'a/b', 'a/b/c']`; `''` → `[]`. */
function pathPrefixes(path: string): string[] {
  const names = path.split('/').filter(Boolean);
  return names.map((_, index) => names.slice(0, index + 1).join('/'));
}

function edgeKey(from: string, to: string): string {
  return JSON.stringify([from, to]);
}

/**
 * A DOT double-quoted ID: backslashes and quotes escaped, line breaks as `\n`.
 *
 * @example
 * ```ts
 * quoteDot('say "hi"'); // '"say \\"hi\\""'
 * ```
 */
export function quoteDot(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}
