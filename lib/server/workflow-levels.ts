import type { AgentStructure, GraphNodeStructure } from './graph-structure.js';

/**
 * The workflows nested in a tree, each with its node path (`sub`, `sub/inner`; a workflow below
 * an agent starts with its own name, `wf/sub`) and the key adk-web files its graph under in
 * `build_graph_image`'s answer: the root's name, then the path without the part adk-web drops
 * (the first segment of an event's path), so `root/sub` for the events of `root@1/sub@1/…`.
 * The top workflow itself is not listed: the root's graph draws it.
 *
 * @example
 * ```ts
 * workflowLevels(agentStructure(outer)); // [{ path: 'inner', key: 'outer/inner', structure: {...} }]
 * ```
 */
export function workflowLevels(root: GraphNodeStructure): Array<{ path: string; key: string; structure: AgentStructure }> {
  const found: Array<{ path: string; structure: AgentStructure }> = [];
  const visit = (node: GraphNodeStructure, path: string): void => {
    if (node.type === 'workflow' && path) found.push({ path, structure: node });
    const below = (name: string) => (path ? `${path}/${name}` : name);
    if (node.type === 'parallel_worker') visit(node.inner, below(node.inner.name));
    if (node.type !== 'agent' && node.type !== 'workflow') return;
    for (const sub of node.sub_agents ?? []) visit(sub, below(sub.name));
    for (const child of node.graph?.nodes ?? []) if (child.type !== 'start') visit(child, below(child.name));
  };
  visit(root, '');
  const dropped = root.type === 'workflow' ? 0 : 1;
  return found
    .map(({ path, structure }) => ({ path, structure, relative: path.split('/').slice(dropped).join('/') }))
    .filter(({ relative }) => relative !== '')
    .map(({ path, structure, relative }) => ({ path, key: `${root.name}/${relative}`, structure }));
}
