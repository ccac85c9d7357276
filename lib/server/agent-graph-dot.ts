import type { AgentStructure } from './agent-structure.js';

/**
 * Options of {@link agentGraphDot}.
 *
 * @example
 * ```ts
 * const options: AgentGraphDotOptions = { darkMode: true, highlights: [['weather_agent', 'get_weather']] };
 * ```
 */
export interface AgentGraphDotOptions {
  /** Colours for a dark page (adk-web's `dark_mode`). Default `false`. */
  darkMode?: boolean;
  /**
   * Steps to highlight, as ADK's event graph does: `[from, to]` lights the edge and both nodes,
   * `[node, '']` lights one node.
   */
  highlights?: ReadonlyArray<readonly [string, string]>;
}

const LIGHT = { background: '#F8FAFC', fill: '#FFFFFF', border: '#94A3B8', text: '#0F172A', edge: '#64748B', highlight: '#0F9D58' };
const DARK = { background: '#0F172A', fill: '#1E293B', border: '#475569', text: '#F8FAFC', edge: '#94A3B8', highlight: '#34D399' };

/**
 * The agent tree as a Graphviz DOT digraph, the `dotSrc` adk-web renders: one box per agent, a
 * dashed box per tool, and an edge from each agent to its sub-agents labelled with how they run
 * (`transfer`, `1`, `2`… for a sequence, `parallel`, `loop`) and a dashed edge to each tool.
 * Pure: the same structure and options give the same text.
 *
 * @example
 * ```ts
 * agentGraphDot(agentStructure(rootAgent));
 * // 'digraph "weather_agent" {\n  ... "weather_agent" -> "get_weather" [style=dashed ...];\n}\n'
 * ```
 */
export function agentGraphDot(root: AgentStructure, options: AgentGraphDotOptions = {}): string {
  const palette = options.darkMode ? DARK : LIGHT;
  const lit = litParts(options.highlights ?? []);
  const nodes = new Map<string, string>();
  const edges: string[] = [];
  const addNode = (name: string, kind: 'agent' | 'tool'): void => {
    if (nodes.has(name)) return;
    const style = kind === 'tool' ? 'rounded,filled,dashed' : 'rounded,filled';
    const colour = lit.nodes.has(name) ? `, color="${palette.highlight}", penwidth=3` : '';
    nodes.set(name, `  ${quote(name)} [label=${quote(kind === 'tool' ? `🔧 ${name}` : name)}, tooltip=${quote(kind === 'tool' ? 'Tool' : 'Agent')}, style="${style}"${colour}];`);
  };
  const addEdge = (from: string, to: string, attributes: string[]): void => {
    const colour = lit.edges.has(edgeKey(from, to)) ? [`color="${palette.highlight}"`, 'penwidth=3'] : [];
    edges.push(`  ${quote(from)} -> ${quote(to)} [${[...attributes, ...colour].join(', ')}];`);
  };
  const visit = (agent: AgentStructure): void => {
    addNode(agent.name, 'agent');
    for (const tool of agent.tools ?? []) {
      addNode(tool.name, 'tool');
      addEdge(agent.name, tool.name, ['style=dashed', 'dir=none']);
    }
    (agent.sub_agents ?? []).forEach((sub, index) => {
      addNode(sub.name, 'agent');
      addEdge(agent.name, sub.name, [`label=${quote(`  ${edgeLabel(agent.flow, index)}`)}`]);
      visit(sub);
    });
  };
  visit(root);
  return [
    `digraph ${quote(root.name)} {`,
    `  graph [bgcolor="${palette.background}", rankdir=LR, pad=0.5, nodesep=0.5, ranksep=0.8, fontname="Helvetica"];`,
    `  node [shape=rect, style="rounded,filled", fillcolor="${palette.fill}", color="${palette.border}", fontcolor="${palette.text}", fontname="Helvetica", fontsize=12, penwidth=1.5];`,
    `  edge [color="${palette.edge}", fontcolor="${palette.edge}", fontname="Helvetica", fontsize=10, arrowhead=vee, arrowsize=0.7];`,
    ...nodes.values(),
    ...edges,
    '}',
    '',
  ].join('\n');
}

function edgeLabel(flow: AgentStructure['flow'], index: number): string {
  if (flow === 'sequence') return String(index + 1);
  return flow === 'custom' ? 'runs' : flow;
}

function litParts(highlights: ReadonlyArray<readonly [string, string]>): { nodes: Set<string>; edges: Set<string> } {
  const nodes = new Set<string>();
  const edges = new Set<string>();
  for (const [from, to] of highlights) {
    if (from) nodes.add(from);
    if (to) nodes.add(to);
    if (from && to) edges.add(edgeKey(from, to)).add(edgeKey(to, from));
  }
  return { nodes, edges };
}

function edgeKey(from: string, to: string): string {
  return JSON.stringify([from, to]);
}

/** A DOT double-quoted ID: backslashes and quotes escaped, line breaks as `\n`. */
function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}
