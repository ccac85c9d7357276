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
  /** Per node with no routed outgoing edge: the nodes it triggers, whatever routes it takes (frozen, shared by every run). */
  readonly fixedTargets: ReadonlyMap<string, NextTargets>;
  /** Per join node: its predecessors' shape, what each of its firings reads (made once, shared by every run). */
  readonly joinShapes: ReadonlyMap<string, JoinShape>;
}
