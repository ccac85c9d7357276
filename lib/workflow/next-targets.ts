import type { RouteValue } from '../events/node-info.js';
import { DEFAULT_ROUTE } from './default-route.js';
import type { WorkflowGraph } from './workflow-graph.js';

/** Where a finished node leads: the nodes to trigger, and whether its route matched nothing. */
export interface NextTargets {
  readonly targets: readonly string[];
  /** The node gave a route, has routed edges, and none of them (nor a `DEFAULT_ROUTE`) matched. */
  readonly unmatched: boolean;
}

/**
 * The nodes a finished node triggers, given the routes it took: every unconditional edge; the
 * routed edges whose route matches one of `routes` (compared as strings, as ADK does); the
 * `DEFAULT_ROUTE` edges when no routed edge matched (including when no route was given). Each
 * target once, in edge order.
 *
 * @example
 * ```ts
 * nextTargets(graph, 'review', ['approve']); // { targets: ['send'], unmatched: false }
 * nextTargets(graph, 'review', ['nope']);    // { targets: ['escalate'], ... } with a DEFAULT_ROUTE edge
 * ```
 */
export function nextTargets(graph: WorkflowGraph, node: string, routes: readonly RouteValue[]): NextTargets {
  const edges = graph.outgoing.get(node) ?? [];
  const wanted = new Set(routes.map(String));
  const matches = (edgeRoutes: readonly RouteValue[]) => edgeRoutes.some((r) => r !== DEFAULT_ROUTE && wanted.has(String(r)));
  const anyMatched = edges.some((e) => e.routes && matches(e.routes));
  const targets: string[] = [];
  for (const edge of edges) {
    const fires = !edge.routes || matches(edge.routes) || (!anyMatched && edge.routes.includes(DEFAULT_ROUTE));
    if (fires && !targets.includes(edge.to)) targets.push(edge.to);
  }
  const routed = edges.some((e) => e.routes);
  const unmatched = routes.length > 0 && routed && !anyMatched && !edges.some((e) => e.routes?.includes(DEFAULT_ROUTE));
  return { targets, unmatched };
}
