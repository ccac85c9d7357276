import type { GraphNodeStructure } from './graph-structure.js';

/**
 * A workflow event's `nodeInfo.path` as a node path of the drawn tree (the ids `agentGraphDot`
 * gives nodes): run numbers dropped (`wf@1/sub@2/b@1` → `sub/b` when `wf` is the root; a
 * workflow below an agent keeps its own name first, `wf/b`).
 *
 * @example
 * ```ts
 * graphPathOf(agentStructure(workflow), 'review_flow@1/draft@2'); // 'draft'
 * ```
 */
export function graphPathOf(root: GraphNodeStructure, nodePath: string): string {
  const names = nodePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/@\d+$/, ''));
  if (root.type === 'workflow' && names[0] === root.name) names.shift();
  return names.join('/');
}
