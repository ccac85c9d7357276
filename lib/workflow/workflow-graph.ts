import type { RouteValue } from '../events/node-info.js';
import type { JoinShape } from './join-arrivals.js';
import type { WorkflowNode } from './workflow-node.js';

/** Where a finished node leads: the nodes to trigger, and whether its route matched nothing (see `nextTargets`). */
export interface NextTargets {
  readonly targets: readonly string[];
  /** The node gave a route, has routed edges, and none of them (nor a `DEFAULT_ROUTE`) matched. */
  readonly unmatched: boolean;
}

/** One edge of a workflow graph: unconditional (`routes` undefined) or taken on one of `routes`. */
export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly routes: readonly RouteValue[] | undefined;
}

/**
 * What the scheduler needs of one node, made once with its graph and found with one lookup
 * (`WorkflowGraph.slots`): its index in the scheduler's per-node tables, and the facts a node
 * step asks about it (a join? terminal? waits for its output? where it leads whatever its route?
 * a join's predecessors?), each of which was a lookup of its own by name.
 *
 * @example
 * ```ts
 * const slot = buildWorkflowGraph('wf', [[START, a, b]]).slots.get('b')!;
 * [slot.index, slot.terminal, slot.isJoin]; // [1, true, false]
 * ```
 */
export interface NodeSlot {
  readonly name: string;
  /** The node itself (`nodes.get(name)`). */
  readonly node: WorkflowNode;
  /** The node's place in its graph's nodes: its index in the scheduler's tables. */
  readonly index: number;
  readonly isJoin: boolean;
  /** The node has no outgoing edge: its output is the workflow's. */
  readonly terminal: boolean;
  /** The `waitForOutput` option: a run that ends with no output and no route leaves the node waiting. */
  readonly waitForOutput: boolean;
  /** Its outgoing edges, in declaration order (`outgoing.get(name)`, none for a terminal node). */
  readonly outgoing: readonly GraphEdge[];
  /** The nodes it triggers whatever routes it takes, when none of its outgoing edges is routed (frozen, shared by every run). */
  readonly fixedTargets: NextTargets | undefined;
  /** Those targets' slots, in the same order (a step finds what it triggers without a lookup). */
  readonly fixedTargetSlots: readonly NodeSlot[] | undefined;
  /** A join's predecessors' shape, what each of its firings reads (made once, shared by every run). */
  readonly joinShape: JoinShape | undefined;
}

/**
 * A workflow's graph, compiled once at construction: its nodes by name (START excluded), its
 * edges in declaration order, and the lookups the scheduler needs.
 *
 * @example
 * ```ts
 * const graph = buildWorkflowGraph('wf', [[START, a, b]]);
 * graph.startTargets; // ['a']
 * graph.terminals.has('b'); // true
 * ```
 */
export interface WorkflowGraph {
  readonly nodes: ReadonlyMap<string, WorkflowNode>;
  readonly edges: readonly GraphEdge[];
  /** The nodes START leads to, in edge order. */
  readonly startTargets: readonly string[];
  /** Outgoing edges per node, in declaration order. */
  readonly outgoing: ReadonlyMap<string, readonly GraphEdge[]>;
  /** Distinct predecessors per node (START excluded), in declaration order. */
  readonly predecessors: ReadonlyMap<string, readonly string[]>;
  /** Nodes without outgoing edges: their output is the workflow's. */
  readonly terminals: ReadonlySet<string>;
  /** Per node, in the order of `nodes`: what the scheduler needs of it, its index in the scheduler's tables included. */
  readonly slots: ReadonlyMap<string, NodeSlot>;
}
