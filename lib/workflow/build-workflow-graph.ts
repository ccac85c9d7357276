import type { RouteValue } from '../events/node-info.js';
import { DEFAULT_ROUTE } from './default-route.js';
import type { RunnableNode } from './node-context.js';
import { toWorkflowNode } from './node.js';
import { START } from './start.js';
import { validateWorkflowGraph } from './validate-workflow-graph.js';
import type { GraphEdge, WorkflowGraph } from './workflow-graph.js';
import { WorkflowGraphError } from './workflow-graph-error.js';
import type { WorkflowNode } from './workflow-node.js';

/** A routing map: route → node (or nodes, a fan-out). `DEFAULT_ROUTE` is the fallback key. */
export type RoutingMap = { readonly [route: string]: RunnableNode | readonly RunnableNode[] };

/** One element of a chain: START, a node, a fan-out (`[b, c]`) or a routing map. */
export type ChainElement = typeof START | RunnableNode | readonly RunnableNode[] | RoutingMap;

/** A chain of edges: `[START, a, b]`, `[a, [b, c], join]`, `[review, { approve: send, revise: draft }]`. */
export type EdgeItem = readonly ChainElement[];

/**
 * Compiles a workflow's edge chains into its {@link WorkflowGraph} and validates it: every
 * function, agent or tool becomes a node (the same object is the same node), consecutive
 * elements are joined (a fan-out joins every one of its nodes, a routing map joins with routed
 * edges), then {@link validateWorkflowGraph} checks the result.
 *
 * @example
 * ```ts
 * buildWorkflowGraph('wf', [[START, classify, { question: answer, [DEFAULT_ROUTE]: fallback }]]).edges.length; // 3
 * ```
 */
export function buildWorkflowGraph(workflowName: string, items: readonly EdgeItem[]): WorkflowGraph {
  const nodes = new NodeTable(workflowName);
  const edges: GraphEdge[] = [];
  for (const item of items) {
    if (!Array.isArray(item)) throw graphError(workflowName, [], 'each edge item must be an array (a chain such as [START, a, b]).');
    let previous: string[] = [];
    for (const element of item as readonly ChainElement[]) {
      const { targets, routesOf } = nodes.element(element);
      for (const from of previous) for (const to of targets) edges.push({ from, to, routes: routesOf.get(to) });
      previous = targets;
    }
  }
  return validateWorkflowGraph(workflowName, nodes.byName, edges);
}

/** The nodes met so far: by object (the same object is one node) and by name (names are unique). */
class NodeTable {
  readonly byName = new Map<string, WorkflowNode>();
  private readonly byObject = new Map<unknown, string>();

  constructor(private readonly workflowName: string) {}

  /** The targets one chain element contributes, and the routes leading to each (routing maps). */
  element(element: ChainElement): { targets: string[]; routesOf: Map<string, RouteValue[] | undefined> } {
    const routesOf = new Map<string, RouteValue[] | undefined>();
    if (element === START) return { targets: [START], routesOf };
    if (Array.isArray(element)) return { targets: (element as RunnableNode[]).map((x) => this.add(x)), routesOf };
    if (isRoutingMap(element)) return this.routingMap(element);
    return { targets: [this.add(element as RunnableNode)], routesOf };
  }

  private routingMap(map: RoutingMap) {
    const routesOf = new Map<string, RouteValue[] | undefined>();
    const targets: string[] = [];
    for (const route of Object.keys(map)) {
      const value = map[route];
      const members = Array.isArray(value) ? (value as unknown[]) : [value];
      for (const member of members) {
        if (!isRunnable(member)) {
          throw graphError(this.workflowName, [route], `the routing-map value for route "${route}" is not a node (got ${describe(member)}).`);
        }
        const name = this.add(member);
        if (!routesOf.has(name)) targets.push(name);
        routesOf.set(name, [...(routesOf.get(name) ?? []), routeKey(route)]);
      }
    }
    return { targets, routesOf };
  }

  private add(x: RunnableNode): string {
    const known = this.byObject.get(x);
    if (known !== undefined) return known;
    if (!isRunnable(x)) throw graphError(this.workflowName, [], `an edge element is not a node (got ${describe(x)}).`);
    const built = withWorkflowName(this.workflowName, () => toWorkflowNode(x));
    if (built.name === START) throw graphError(this.workflowName, [START], `"${START}" is reserved for the graph's entry; rename the node.`);
    if (this.byName.has(built.name) && this.byName.get(built.name) !== built) {
      throw graphError(this.workflowName, [built.name], `two different nodes are named "${built.name}"; node names must be unique (rename one with node(x, { name })).`);
    }
    this.byObject.set(x, built.name);
    this.byName.set(built.name, built);
    return built.name;
  }
}

function routeKey(key: string): RouteValue {
  return key === DEFAULT_ROUTE ? DEFAULT_ROUTE : key;
}

function isRoutingMap(value: unknown): value is RoutingMap {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function isRunnable(value: unknown): value is RunnableNode {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && !isRoutingMap(value) && !Array.isArray(value));
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'a plain object' : typeof value === 'string' ? `the string "${value}"` : typeof value;
}

function graphError(workflowName: string, names: string[], message: string): WorkflowGraphError {
  return new WorkflowGraphError({ workflowName, names, message });
}

/** Runs `build`, naming the workflow in a graph error it throws. */
function withWorkflowName<T>(workflowName: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof WorkflowGraphError && error.workflowName === '(none)') {
      throw new WorkflowGraphError({ workflowName, names: error.names, message: error.message.replace(/^Workflow "\(none\)": /, '') });
    }
    throw error;
  }
}
