import { joinShape } from './join-arrivals.js';
import { edgeTargets } from './next-targets.js';
import { START } from './start.js';
import type { GraphEdge, NextTargets, NodeSlot, WorkflowGraph } from './workflow-graph.js';
import { WorkflowGraphError } from './workflow-graph-error.js';
import type { WorkflowNode } from './workflow-node.js';

/**
 * Checks a workflow's nodes and edges and compiles the lookups of its {@link WorkflowGraph}. A
 * {@link WorkflowGraphError} names what is wrong: no edge from START, an edge into START, a routed
 * edge from START, a duplicate edge, nodes START cannot reach, a cycle of unconditional edges
 * (it would never end; loop through a route instead).
 *
 * @example
 * ```ts
 * validateWorkflowGraph('wf', nodes, [{ from: 'START', to: 'a', routes: undefined }]).terminals; // Set {'a'}
 * ```
 */
export function validateWorkflowGraph(workflowName: string, nodes: ReadonlyMap<string, WorkflowNode>, edges: readonly GraphEdge[]): WorkflowGraph {
  const fail = (names: string[], message: string) => new WorkflowGraphError({ workflowName, names, message });
  const startTargets = edges.filter((e) => e.from === START).map((e) => e.to);
  if (!startTargets.length) throw fail([START], 'no edge leaves START: begin a chain with START, e.g. [START, first_node].');
  const intoStart = edges.filter((e) => e.to === START).map((e) => e.from);
  if (intoStart.length) throw fail(intoStart, `an edge leads into START (from ${quoted(intoStart)}); START can only begin a chain.`);
  const routedStart = edges.filter((e) => e.from === START && e.routes).map((e) => e.to);
  if (routedStart.length) throw fail(routedStart, 'edges from START cannot be routed.');
  const duplicates = duplicateEdges(edges);
  if (duplicates.length) throw fail(duplicates, `duplicate edge${duplicates.length > 2 ? 's' : ''} ${duplicates.join(' → ')}; declare each edge once.`);
  const outgoing = groupBy(edges, (e) => e.from);
  const reached = reachable(outgoing);
  const unreachable = [...nodes.keys()].filter((name) => !reached.has(name));
  if (unreachable.length) throw fail(unreachable, `unreachable node${unreachable.length > 1 ? 's' : ''} ${quoted(unreachable)}: no path from START leads to ${unreachable.length > 1 ? 'them' : 'it'}.`);
  const cycle = unconditionalCycle(outgoing);
  if (cycle) throw fail(cycle, `unconditional cycle ${cycle.join(' → ')}: it would never end; make one of its edges routed.`);
  const predecessors = predecessorsOf(edges);
  const terminals = new Set([...nodes.keys()].filter((name) => !outgoing.has(name)));
  return { nodes, edges, startTargets, outgoing, predecessors, terminals, slots: slotsOf(nodes, outgoing, predecessors, terminals) };
}

/**
 * Each node's {@link NodeSlot}, in the order of `nodes`: made first, then each one's fixed
 * targets' slots filled in (a slot may lead to one made after it, or back to itself through
 * another node), then frozen.
 */
function slotsOf(
  nodes: ReadonlyMap<string, WorkflowNode>,
  outgoing: ReadonlyMap<string, readonly GraphEdge[]>,
  predecessors: ReadonlyMap<string, readonly string[]>,
  terminals: ReadonlySet<string>,
): Map<string, NodeSlot> {
  const slots = new Map<string, { -readonly [K in keyof NodeSlot]: NodeSlot[K] }>();
  for (const [name, node] of nodes) {
    const edges = outgoing.get(name) ?? NO_EDGES;
    slots.set(name, {
      name,
      node,
      index: slots.size,
      isJoin: node.isJoin,
      terminal: terminals.has(name),
      waitForOutput: node.options.waitForOutput === true,
      outgoing: edges,
      fixedTargets: fixedTargetsOf(edges),
      fixedTargetSlots: undefined,
      joinShape: node.isJoin ? joinShape(predecessors.get(name) ?? []) : undefined,
    });
  }
  for (const slot of slots.values()) {
    if (slot.fixedTargets) slot.fixedTargetSlots = Object.freeze(slot.fixedTargets.targets.map((target) => slots.get(target)!));
  }
  for (const slot of slots.values()) Object.freeze(slot);
  return slots;
}

/** The outgoing edges of a node without any (shared, never changed). */
const NO_EDGES: readonly GraphEdge[] = Object.freeze([]);

/** A node's targets when none of its outgoing `edges` is routed (they do not depend on the routes it takes), else `undefined`. */
function fixedTargetsOf(edges: readonly GraphEdge[]): NextTargets | undefined {
  if (edges.some((edge) => edge.routes)) return undefined;
  const { targets, unmatched } = edgeTargets(edges, []);
  return Object.freeze({ targets: Object.freeze(targets), unmatched });
}

function quoted(names: readonly string[]): string {
  return names.map((n) => `"${n}"`).join(', ');
}

function duplicateEdges(edges: readonly GraphEdge[]): string[] {
  const seen = new Set<string>();
  for (const edge of edges) {
    const key = JSON.stringify([edge.from, edge.to, edge.routes ?? null]);
    if (seen.has(key)) return [edge.from, edge.to];
    seen.add(key);
  }
  return [];
}

function groupBy(edges: readonly GraphEdge[], key: (e: GraphEdge) => string): Map<string, GraphEdge[]> {
  const groups = new Map<string, GraphEdge[]>();
  for (const edge of edges) {
    const k = key(edge);
    const group = groups.get(k);
    if (group) group.push(edge);
    else groups.set(k, [edge]);
  }
  return groups;
}

function reachable(outgoing: ReadonlyMap<string, readonly GraphEdge[]>): Set<string> {
  const seen = new Set<string>([START]);
  const stack = [START];
  while (stack.length) {
    for (const edge of outgoing.get(stack.pop()!) ?? []) {
      if (!seen.has(edge.to)) {
        seen.add(edge.to);
        stack.push(edge.to);
      }
    }
  }
  return seen;
}

/** A cycle made only of unconditional edges, as a path `a → b → a`, or `undefined`. */
function unconditionalCycle(outgoing: ReadonlyMap<string, readonly GraphEdge[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (name: string): string[] | undefined => {
    state.set(name, 'open');
    path.push(name);
    for (const edge of outgoing.get(name) ?? []) {
      if (edge.routes) continue;
      if (state.get(edge.to) === 'open') return [...path.slice(path.indexOf(edge.to)), edge.to];
      if (!state.has(edge.to)) {
        const found = visit(edge.to);
        if (found) return found;
      }
    }
    path.pop();
    state.set(name, 'done');
    return undefined;
  };
  for (const name of outgoing.keys()) {
    if (!state.has(name)) {
      const found = visit(name);
      if (found) return found;
    }
  }
  return undefined;
}

function predecessorsOf(edges: readonly GraphEdge[]): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.from === START) continue;
    const list = result.get(edge.to) ?? [];
    if (!list.includes(edge.from)) list.push(edge.from);
    result.set(edge.to, list);
  }
  return result;
}
