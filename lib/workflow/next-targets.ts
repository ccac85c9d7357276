import type { RouteValue } from '../events/node-info.js';
import { DEFAULT_ROUTE } from './default-route.js';
import type { GraphEdge, NextTargets, NodeSlot } from './workflow-graph.js';

/**
 * The nodes a finished node (its graph's `slot`) triggers, given the routes it took: every unconditional edge; the
 * routed edges whose route matches one of `routes` (compared as strings, as ADK does); the
 * `DEFAULT_ROUTE` edges when no routed edge matched (including when no route was given). Each
 * target once, in edge order.
 *
 * @example
 * ```ts
 * const review = graph.slots.get('review')!;
 * nextTargets(review, ['approve']); // { targets: ['send'], unmatched: false }
 * nextTargets(review, ['nope']);    // { targets: ['escalate'], ... } with a DEFAULT_ROUTE edge
 * ```
 */
export function nextTargets(slot: NodeSlot, routes: readonly RouteValue[]): NextTargets {
  // a node without routed edges leads to the same nodes whatever its routes: found once, at the graph's build
  return slot.fixedTargets ?? edgeTargets(slot.outgoing, routes);
}

/**
 * The targets of a node's outgoing `edges` given the routes it took (see {@link nextTargets}).
 *
 * @example
 * ```ts
 * edgeTargets([{ from: 'a', to: 'b', routes: undefined }], []); // { targets: ['b'], unmatched: false }
 * ```
 */
export function edgeTargets(edges: readonly GraphEdge[], routes: readonly RouteValue[]): NextTargets {
  // one pass over the edges, no Set or closure: a node step asks this on every run
  let routed = false;
  let anyMatched = false;
  let hasDefault = false;
  // indexed loops: a `for…of` made an iterator and a result object per edge in the profiles
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i]!;
    if (!edge.routes) continue;
    routed = true;
    if (!anyMatched && matchesAny(edge.routes, routes)) anyMatched = true;
    if (!hasDefault && edge.routes.includes(DEFAULT_ROUTE)) hasDefault = true;
  }
  // made with its first target (a `[]` pushed to takes room for 16)
  let targets: string[] | undefined;
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i]!;
    const fires = !edge.routes || (anyMatched ? matchesAny(edge.routes, routes) : edge.routes.includes(DEFAULT_ROUTE));
    if (!fires) continue;
    if (targets === undefined) targets = [edge.to];
    else if (!targets.includes(edge.to)) targets.push(edge.to);
  }
  return { targets: targets ?? NO_TARGETS, unmatched: routes.length > 0 && routed && !anyMatched && !hasDefault };
}

const NO_TARGETS: readonly string[] = Object.freeze([]);

/** Whether an edge's routes match one of the routes taken (as strings, as ADK compares them; `DEFAULT_ROUTE` never). */
function matchesAny(edgeRoutes: readonly RouteValue[], routes: readonly RouteValue[]): boolean {
  for (let i = 0; i < edgeRoutes.length; i++) {
    const edgeRoute = edgeRoutes[i];
    if (edgeRoute === DEFAULT_ROUTE) continue;
    const wanted = String(edgeRoute);
    for (let j = 0; j < routes.length; j++) if (String(routes[j]) === wanted) return true;
  }
  return false;
}
