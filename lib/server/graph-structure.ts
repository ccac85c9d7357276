import type { RouteValue } from '../events/node-info.js';

/**
 * How an agent's sub-agents run: `transfer` (an `LlmAgent` hands the turn to one of them),
 * `sequence`, `parallel` or `loop` (workflow agents), `graph` (a `Workflow`: its nodes and edges
 * are in `graph`), `custom` (any other `BaseAgent`).
 *
 * @example
 * ```ts
 * const kind: SubAgentFlow = 'transfer';
 * ```
 */
export type SubAgentFlow = 'transfer' | 'sequence' | 'parallel' | 'loop' | 'graph' | 'custom';

/**
 * An agent tree as plain JSON, in the shape of ADK's `/dev/apps/{app}/build_graph` app info
 * (`name`, `type`, `description`, `model`, `tools`, `sub_agents`, and `graph` for a workflow),
 * with rxadk's `agent_class` and `flow` added.
 *
 * @example
 * ```ts
 * const structure: AgentStructure = { name: 'weather_agent', type: 'agent', agent_class: 'LlmAgent', flow: 'transfer', tools: [{ name: 'get_weather', type: 'tool' }] };
 * ```
 */
export interface AgentStructure {
  name: string;
  /** `workflow` for a `Workflow` (ADK's node type), `agent` for any other agent. */
  type: 'agent' | 'workflow';
  agent_class: string;
  flow: SubAgentFlow;
  description?: string;
  /** The model's name, when the agent names one (inherited models are not repeated). */
  model?: string;
  /** Tools by name; a toolset (whose tools depend on the context) by its class name. */
  tools?: Array<{ name: string; type: 'tool' | 'toolset' }>;
  sub_agents?: AgentStructure[];
  /** A workflow's graph: its nodes (START first) and edges, as ADK 2.0's `build_graph` sends them. */
  graph?: WorkflowGraphStructure;
}

/**
 * A workflow's graph as plain JSON (ADK 2.0's `graph` of the app info): the nodes, START first
 * (named `__START__`, as ADK names it), then in the order the edges met them; the edges in
 * declaration order.
 *
 * @example
 * ```ts
 * const graph: WorkflowGraphStructure = {
 *   nodes: [{ name: '__START__', type: 'start' }, { name: 'upper', type: 'function' }],
 *   edges: [{ from_node: { name: '__START__', type: 'start' }, to_node: { name: 'upper', type: 'function' } }],
 * };
 * ```
 */
export interface WorkflowGraphStructure {
  nodes: GraphNodeStructure[];
  edges: GraphEdgeStructure[];
}

/**
 * One node of a workflow graph: an agent node is the agent's own {@link AgentStructure} (a nested
 * workflow has `type: 'workflow'` and its `graph`), named as the node; a parallel worker carries
 * the node it maps; the rest are leaves.
 *
 * @example
 * ```ts
 * const join: GraphNodeStructure = { name: 'merge', type: 'join' };
 * ```
 */
export type GraphNodeStructure = AgentStructure | LeafNodeStructure | WorkerNodeStructure;

/**
 * A node without a structure of its own: START, a function, a tool, a join, or a node class of
 * the user's (`node`, with its class).
 *
 * @example
 * ```ts
 * const leaf: LeafNodeStructure = { name: 'lookup', type: 'tool' };
 * ```
 */
export interface LeafNodeStructure {
  name: string;
  type: 'start' | 'function' | 'tool' | 'join' | 'node';
  /** The class of a `node` (a `WorkflowNode` subclass of the user's). */
  node_class?: string;
}

/**
 * A `ParallelWorker`: the node it runs once per item of its input, and how many at once.
 *
 * @example
 * ```ts
 * const worker: WorkerNodeStructure = { name: 'upper', type: 'parallel_worker', max_parallel_workers: 8, inner: { name: 'upper', type: 'function' } };
 * ```
 */
export interface WorkerNodeStructure {
  name: string;
  type: 'parallel_worker';
  max_parallel_workers: number;
  inner: GraphNodeStructure;
}

/**
 * One edge: its ends (name and type) and, for a routed edge, its route (several as a list);
 * `DEFAULT_ROUTE` is sent as its value, `__DEFAULT__`.
 *
 * @example
 * ```ts
 * const edge: GraphEdgeStructure = { from_node: { name: 'review', type: 'agent' }, to_node: { name: 'send', type: 'function' }, route: 'approve' };
 * ```
 */
export interface GraphEdgeStructure {
  from_node: GraphNodeRef;
  to_node: GraphNodeRef;
  route?: RouteValue | RouteValue[];
}

/**
 * An edge's end: a node's name and type.
 *
 * @example
 * ```ts
 * const ref: GraphNodeRef = { name: '__START__', type: 'start' };
 * ```
 */
export interface GraphNodeRef {
  name: string;
  type: GraphNodeStructure['type'];
}

/**
 * The name START has in a graph's structure and DOT (ADK's), whatever the edges call it.
 *
 * @example
 * ```ts
 * structure.graph?.nodes[0]?.name === START_NODE_NAME; // true
 * ```
 */
export const START_NODE_NAME = '__START__';
