import type { RouteValue } from '../events/node-info.js';
import { DEFAULT_ROUTE } from '../workflow/default-route.js';
import { START_NODE_NAME, type AgentStructure, type GraphNodeStructure, type WorkflowGraphStructure } from './graph-structure.js';

/** What a drawn node is, which decides its shape. */
export type SceneNodeKind = 'start' | 'function' | 'tool' | 'join' | 'worker' | 'agent' | 'node';

/**
 * One drawn node. Its id is its path from the drawn root: a top-level node or agent by its name,
 * a node of a nested workflow `sub` as `sub/name`; a nested workflow's START is `sub` itself,
 * the root's `__START__`; an agent's tool `tool:name` in its scope ({@link toolNodeId}), so that a
 * tool and a node of the same name are two nodes. Labels are plain text (a tool is told by its
 * dashed border, not by a glyph the page's fonts may lack).
 *
 * @example
 * ```ts
 * const node: SceneNode = { id: 'sub/gather', label: 'gather', kind: 'function', tooltip: 'Function' };
 * ```
 */
export interface SceneNode {
  id: string;
  label: string;
  kind: SceneNodeKind;
  tooltip: string;
}

/**
 * A box around a nested workflow (id: its node path), or the whole scene (id `''`), holding nodes
 * and clusters in drawing order.
 *
 * @example
 * ```ts
 * const cluster: SceneCluster = { id: 'research', label: 'research', items: [{ id: 'research', label: 'START', kind: 'start', tooltip: 'Start' }] };
 * ```
 */
export interface SceneCluster {
  id: string;
  label: string;
  items: Array<SceneNode | SceneCluster>;
}

/**
 * An end of an edge: a node, and the cluster it enters or leaves when the edge meets a nested
 * workflow.
 *
 * @example
 * ```ts
 * const port: ScenePort = { id: 'research', cluster: 'research' };
 * ```
 */
export interface ScenePort {
  id: string;
  cluster?: string;
}

/**
 * An edge: routes or the sub-agent flow as its label, dashed for an agent's tool.
 *
 * @example
 * ```ts
 * const edge: SceneEdge = { from: { id: 'classify' }, to: { id: 'escalate' }, label: 'urgent | default' };
 * ```
 */
export interface SceneEdge {
  from: ScenePort;
  to: ScenePort;
  label?: string;
  dashed?: boolean;
}

/**
 * What both dev UIs draw for an app: nodes in nested clusters, then edges. Plain data.
 *
 * @example
 * ```ts
 * const scene: GraphScene = graphScene(agentStructure(rootAgent));
 * ```
 */
export interface GraphScene {
  name: string;
  root: SceneCluster;
  edges: SceneEdge[];
}

/**
 * What a drawn graph lights: `[from, to]` pairs (an edge and both ends; `[node, '']` one node),
 * and a node path (`sub/b`): the deepest node drawn on it, and every cluster on it.
 *
 * @example
 * ```ts
 * const lights: SceneLights = { path: 'research/rank', pairs: [['writer', 'lookup']] };
 * ```
 */
export interface SceneLights {
  pairs?: ReadonlyArray<readonly [string, string]>;
  path?: string;
}

/**
 * An app's tree as a {@link GraphScene}. An agent tree: each agent, its tools (dashed edges) and
 * its sub-agents, edges labelled with how they run (`transfer`, `1`, `2`… for a sequence,
 * `parallel`, `loop`). A workflow: START, each node by kind, edges labelled with their routes
 * (`DEFAULT_ROUTE` as `default`), each nested workflow as a cluster entered through its START and
 * left from its last node, a parallel worker labelled with its width; agents keep their tools and
 * sub-agents. Pure.
 *
 * @example
 * ```ts
 * graphScene(agentStructure(triage)).edges.find((e) => e.to.id === 'escalate')?.label; // 'urgent | default'
 * ```
 */
export function graphScene(root: GraphNodeStructure): GraphScene {
  const builder = new SceneBuilder();
  if (root.type === 'workflow' && root.graph) drawGraph(builder, root.graph, '', START_NODE_NAME);
  else drawNode(builder, root, '');
  return { name: root.name, root: builder.root, edges: builder.edges };
}

/**
 * Which nodes, edges (`JSON.stringify([from, to])`, both ways) and clusters `lights` lights in
 * `scene`.
 *
 * @example
 * ```ts
 * litParts(scene, { path: 'research/rank' }); // { nodes: Set {'research/rank'}, edges: Set {}, clusters: Set {'research', 'research/rank'} }
 * ```
 */
export function litParts(scene: GraphScene, lights: SceneLights): { nodes: Set<string>; edges: Set<string>; clusters: Set<string> } {
  const drawn = new Set<string>();
  const collect = (cluster: SceneCluster): void => cluster.items.forEach((item) => ('kind' in item ? drawn.add(item.id) : collect(item)));
  collect(scene.root);
  const nodes = new Set<string>();
  const edges = new Set<string>();
  for (const [from, to] of lights.pairs ?? []) {
    if (from) nodes.add(from);
    if (to) nodes.add(to);
    if (from && to) edges.add(JSON.stringify([from, to])).add(JSON.stringify([to, from]));
  }
  const names = (lights.path ?? '').split('/').filter(Boolean);
  const prefixes = names.map((_, index) => names.slice(0, index + 1).join('/'));
  const deepest = [...prefixes].reverse().find((prefix) => drawn.has(prefix));
  if (deepest !== undefined) nodes.add(deepest);
  return { nodes, edges, clusters: new Set(prefixes) };
}

/** Collects nodes (once per id) into the cluster being drawn, and edges. */
class SceneBuilder {
  readonly root: SceneCluster = { id: '', label: '', items: [] };
  readonly edges: SceneEdge[] = [];
  private readonly ids = new Set<string>();
  private current = this.root;

  node(id: string, label: string, kind: SceneNodeKind, tooltip: string): void {
    if (this.ids.has(id)) return;
    this.ids.add(id);
    this.current.items.push({ id, label, kind, tooltip });
  }

  edge(from: ScenePort, to: ScenePort, label?: string, dashed?: boolean): void {
    this.edges.push({ from, to, ...(label !== undefined ? { label } : {}), ...(dashed ? { dashed } : {}) });
  }

  cluster<T>(id: string, label: string, draw: () => T): T {
    const cluster: SceneCluster = { id, label, items: [] };
    const outer = this.current;
    outer.items.push(cluster);
    this.current = cluster;
    try {
      return draw();
    } finally {
      this.current = outer;
    }
  }
}

/** Where edges enter and leave a drawn node (a nested workflow: its START, and its last node). */
interface Drawn {
  entry: ScenePort;
  exit: ScenePort;
}

const TOOLTIPS: Readonly<Record<SceneNodeKind, string>> = { start: 'Start', function: 'Function', tool: 'Tool', join: 'Join', worker: 'Parallel worker', agent: 'Agent', node: 'Node' };

function drawNode(builder: SceneBuilder, node: GraphNodeStructure, scope: string): Drawn {
  const id = `${scope}${node.name}`;
  switch (node.type) {
    case 'workflow':
      return drawNestedWorkflow(builder, node, id, node.name, `${id}/`);
    case 'agent':
      drawAgent(builder, node, id, scope);
      return at(id);
    case 'parallel_worker':
      return drawWorker(builder, node, id, scope);
    case 'tool':
      builder.node(id, node.name, 'tool', TOOLTIPS.tool);
      return at(id);
    case 'node':
      builder.node(id, node.name, 'node', node.node_class ?? TOOLTIPS.node);
      return at(id);
    default:
      builder.node(id, node.type === 'start' ? 'START' : node.name, node.type, TOOLTIPS[node.type]);
      return at(id);
  }
}

/** An agent, its tools and its sub-agents, named in `scope` (an agent tree shares its tools). */
function drawAgent(builder: SceneBuilder, agent: AgentStructure, id: string, scope: string): void {
  builder.node(id, agent.name, 'agent', TOOLTIPS.agent);
  drawTools(builder, agent, id, scope);
  (agent.sub_agents ?? []).forEach((sub, index) => builder.edge({ id }, drawNode(builder, sub, scope).entry, edgeLabel(agent.flow, index)));
}

function drawTools(builder: SceneBuilder, agent: AgentStructure, id: string, scope: string): void {
  for (const tool of agent.tools ?? []) {
    const toolId = toolNodeId(scope, tool.name);
    builder.node(toolId, tool.name, 'tool', TOOLTIPS.tool);
    builder.edge({ id }, { id: toolId }, undefined, true);
  }
}

/**
 * The scene id of an agent's tool `name` drawn in `scope` (`''`, or a nested workflow's `sub/`):
 * `tool:name`, apart from the ids of nodes and agents (a `NodeTool` is often named as a node).
 *
 * @example
 * ```ts
 * toolNodeId('research/', 'lookup'); // 'research/tool:lookup'
 * ```
 */
export function toolNodeId(scope: string, name: string): string {
  return `${scope}tool:${name}`;
}

/** A parallel worker labelled with its width (a workflow it maps as a cluster); an agent's tools stay. */
function drawWorker(builder: SceneBuilder, worker: Extract<GraphNodeStructure, { type: 'parallel_worker' }>, id: string, scope: string): Drawn {
  const label = `${worker.name} ×${worker.max_parallel_workers}`;
  const inner = worker.inner;
  if (inner.type === 'workflow') return drawNestedWorkflow(builder, inner, id, label, `${id}/${inner.name}/`);
  builder.node(id, label, 'worker', `Parallel worker: ${inner.type} ${inner.name}, ${worker.max_parallel_workers} at once`);
  if (inner.type === 'agent') drawTools(builder, inner, id, scope);
  return at(id);
}

/** A nested workflow as a cluster: its START is node `id`, its nodes are under `innerScope`. */
function drawNestedWorkflow(builder: SceneBuilder, workflow: AgentStructure, id: string, label: string, innerScope: string): Drawn {
  return builder.cluster(id, label, () => {
    const exit = drawGraph(builder, workflow.graph ?? { nodes: [], edges: [] }, innerScope, id);
    return { entry: { id, cluster: id }, exit: { id: exit.id, cluster: id } };
  });
}

/** Draws a workflow's nodes and routed edges at `scope`, START as `startId`; answers where edges leave it. */
function drawGraph(builder: SceneBuilder, graph: WorkflowGraphStructure, scope: string, startId: string): ScenePort {
  const drawn = new Map<string, Drawn>();
  for (const node of graph.nodes) {
    if (node.type === 'start') builder.node(startId, 'START', 'start', TOOLTIPS.start);
    drawn.set(node.name, node.type === 'start' ? at(startId) : drawNode(builder, node, scope));
  }
  const sources = new Set<string>();
  for (const edge of graph.edges) {
    const from = drawn.get(edge.from_node.name);
    const to = drawn.get(edge.to_node.name);
    if (!from || !to) continue;
    sources.add(edge.from_node.name);
    builder.edge(from.exit, to.entry, edge.route === undefined ? undefined : routeLabel(edge.route));
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
