import type { RouteValue } from '../events/node-info.js';
import { DEFAULT_ROUTE } from '../workflow/default-route.js';
import { DOT_PALETTES, DotCanvas, type DotPort, quoteDot as q } from './dot-canvas.js';
import { START_NODE_NAME, type AgentStructure, type GraphNodeStructure, type WorkflowGraphStructure } from './graph-structure.js';

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
   * `[node, '']` lights one node (node ids: see {@link agentGraphDot}).
   */
  highlights?: ReadonlyArray<readonly [string, string]>;
  /**
   * A workflow node to light, by its path from the drawn root without run numbers (`review`,
   * `sub/draft`; see `graphPathOf`): that node and every nested workflow around it.
   */
  litPath?: string;
}

/**
 * The agent tree as a Graphviz DOT digraph, the `dotSrc` adk-web renders. An agent tree: one box
 * per agent, a dashed box per tool, and an edge from each agent to its sub-agents labelled with
 * how they run (`transfer`, `1`, `2`… for a sequence, `parallel`, `loop`) and a dashed edge to
 * each tool. A workflow: START, one node per node (functions as boxes, tools dashed, joins as
 * funnels, parallel workers doubled with their width), edges labelled with their routes
 * (`DEFAULT_ROUTE` as `default`), and each nested workflow as a cluster (`subgraph
 * "cluster_<path>"`) entered through its START node; agents keep their tools and sub-agents.
 *
 * Node ids are paths from the drawn root: a top-level node or agent by its name, a node of a
 * nested workflow `sub` as `sub/name` (the nested START is `sub` itself, the root's
 * `__START__`), so adk-web finds nodes by name and a node path lights them. Pure: the same
 * structure and options give the same text.
 *
 * @example
 * ```ts
 * agentGraphDot(agentStructure(rootAgent));
 * // 'digraph "weather_agent" {\n  ... "weather_agent" -> "get_weather" [style=dashed ...];\n}\n'
 * ```
 */
export function agentGraphDot(root: GraphNodeStructure, options: AgentGraphDotOptions = {}): string {
  const canvas = new DotCanvas(root.name);
  if (root.type === 'workflow' && root.graph) drawGraph(canvas, root.graph, '', START_NODE_NAME);
  else drawNode(canvas, root, '');
  return canvas.render(options.darkMode ? DOT_PALETTES.dark : DOT_PALETTES.light, {
    pairs: options.highlights ?? [],
    ...(options.litPath !== undefined ? { path: options.litPath } : {}),
  });
}

/** Where edges enter and leave a drawn node (a nested workflow: its START, and its last node). */
interface Drawn {
  entry: DotPort;
  exit: DotPort;
}

/** Draws one node (with what hangs off it) at `scope`, and where edges meet it. */
function drawNode(canvas: DotCanvas, node: GraphNodeStructure, scope: string): Drawn {
  const id = `${scope}${node.name}`;
  switch (node.type) {
    case 'workflow':
      return drawNestedWorkflow(canvas, node, id, node.name);
    case 'agent':
      drawAgent(canvas, node, id, scope);
      return at(id);
    case 'parallel_worker':
      return drawWorker(canvas, node, id, scope);
    case 'start':
      canvas.node(id, ['label="START"', 'tooltip="Start"', 'shape=circle', 'width=0.75', 'fixedsize=true', 'fontsize=9']);
      return at(id);
    case 'tool':
      canvas.node(id, [`label=${q(`🔧 ${node.name}`)}`, 'tooltip="Tool"', 'style="rounded,filled,dashed"']);
      return at(id);
    case 'join':
      canvas.node(id, [`label=${q(node.name)}`, 'tooltip="Join"', 'shape=invtrapezium', 'style=filled']);
      return at(id);
    case 'function':
      canvas.node(id, [`label=${q(node.name)}`, 'tooltip="Function"']);
      return at(id);
    case 'node':
      canvas.node(id, [`label=${q(node.name)}`, `tooltip=${q(node.node_class ?? 'Node')}`]);
      return at(id);
  }
}

/** An agent box, its tools (dashed) and its sub-agents, named in `scope` (agent trees share their tools). */
function drawAgent(canvas: DotCanvas, agent: AgentStructure, id: string, scope: string): void {
  canvas.node(id, [`label=${q(agent.name)}`, 'tooltip="Agent"']);
  for (const tool of agent.tools ?? []) {
    canvas.node(`${scope}${tool.name}`, [`label=${q(`🔧 ${tool.name}`)}`, 'tooltip="Tool"', 'style="rounded,filled,dashed"']);
    canvas.edge(at(id).exit, at(`${scope}${tool.name}`).entry, ['style=dashed', 'dir=none']);
  }
  (agent.sub_agents ?? []).forEach((sub, index) => {
    const drawn = drawNode(canvas, sub, scope);
    canvas.edge(at(id).exit, drawn.entry, [`label=${q(`  ${edgeLabel(agent.flow, index)}`)}`]);
  });
}

/** A parallel worker: its inner node drawn doubled (a workflow as a cluster), labelled with how many run at once. */
function drawWorker(canvas: DotCanvas, worker: Extract<GraphNodeStructure, { type: 'parallel_worker' }>, id: string, scope: string): Drawn {
  const label = `${worker.name} ×${worker.max_parallel_workers}`;
  const inner = worker.inner;
  if (inner.type === 'workflow') return drawNestedWorkflow(canvas, inner, id, label, `${id}/${inner.name}/`);
  canvas.node(id, [`label=${q(label)}`, `tooltip=${q(`Parallel worker: ${inner.type} ${inner.name}, ${worker.max_parallel_workers} at once`)}`, 'peripheries=2']);
  if (inner.type === 'agent') {
    for (const tool of inner.tools ?? []) {
      canvas.node(`${scope}${tool.name}`, [`label=${q(`🔧 ${tool.name}`)}`, 'tooltip="Tool"', 'style="rounded,filled,dashed"']);
      canvas.edge(at(id).exit, at(`${scope}${tool.name}`).entry, ['style=dashed', 'dir=none']);
    }
  }
  return at(id);
}

/** A nested workflow as a cluster: its START is node `id`, its nodes are `<id>/<name>` (or under `innerScope`). */
function drawNestedWorkflow(canvas: DotCanvas, workflow: AgentStructure, id: string, label: string, innerScope = `${id}/`): Drawn {
  return canvas.cluster(id, label, () => {
    const exit = drawGraph(canvas, workflow.graph ?? { nodes: [], edges: [] }, innerScope, id);
    const cluster = `cluster_${id}`;
    return { entry: { id, cluster }, exit: { id: exit.id, cluster } };
  });
}

/** Draws a workflow's nodes and routed edges at `scope`, START as `startId`; answers the port edges leave it by. */
function drawGraph(canvas: DotCanvas, graph: WorkflowGraphStructure, scope: string, startId: string): DotPort {
  const drawn = new Map<string, Drawn>();
  for (const node of graph.nodes) {
    if (node.type === 'start') {
      canvas.node(startId, ['label="START"', 'tooltip="Start"', 'shape=circle', 'width=0.75', 'fixedsize=true', 'fontsize=9']);
      drawn.set(node.name, at(startId));
    } else {
      drawn.set(node.name, drawNode(canvas, node, scope));
    }
  }
  const sources = new Set<string>();
  for (const edge of graph.edges) {
    const from = drawn.get(edge.from_node.name);
    const to = drawn.get(edge.to_node.name);
    if (!from || !to) continue;
    sources.add(edge.from_node.name);
    canvas.edge(from.exit, to.entry, edge.route === undefined ? [] : [`label=${q(`  ${routeLabel(edge.route)}`)}`]);
  }
  const terminal = graph.nodes.find((node) => node.type !== 'start' && !sources.has(node.name));
  return (terminal ? drawn.get(terminal.name)?.exit : undefined) ?? { id: startId };
}

function at(id: string): Drawn {
  return { entry: { id }, exit: { id } };
}

function edgeLabel(flow: AgentStructure['flow'], index: number): string {
  if (flow === 'sequence') return String(index + 1);
  return flow === 'custom' ? 'runs' : flow;
}

/** An edge's routes as a label: `approve`, `yes | no`, `default` for `DEFAULT_ROUTE`. */
function routeLabel(route: RouteValue | RouteValue[]): string {
  return (Array.isArray(route) ? route : [route]).map((value) => (value === DEFAULT_ROUTE ? 'default' : String(value))).join(' | ');
}

