import type { GraphNodeStructure } from './graph-structure.js';

/**
 * The part of an app's tree at `path` (names joined by `/`, the root's name optional, run numbers
 * `@n` ignored), found through sub-agents, workflow nodes and the node a parallel worker maps;
 * the root for `''`; `undefined` when nothing is there.
 *
 * @example
 * ```ts
 * structureAt(agentStructure(rootAgent), 'booking/check')?.name; // 'check'
 * structureAt(agentStructure(workflow), 'review_flow@1/sub@1')?.type; // 'workflow'
 * ```
 */
export function structureAt(root: GraphNodeStructure, path: string): GraphNodeStructure | undefined {
  const names = path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/@\d+$/, ''));
  if (names[0] === root.name && !childrenOf(root).some((child) => child.name === names[0])) names.shift();
  let current: GraphNodeStructure | undefined = root;
  for (const name of names) current = current && childrenOf(current).find((child) => child.name === name);
  return current;
}

/** What a path can step into from `node`. */
function childrenOf(node: GraphNodeStructure): GraphNodeStructure[] {
  if (node.type === 'parallel_worker') return [node.inner];
  if (node.type !== 'agent' && node.type !== 'workflow') return [];
  return [...(node.sub_agents ?? []), ...(node.graph?.nodes.filter((child) => child.type !== 'start') ?? [])];
}
