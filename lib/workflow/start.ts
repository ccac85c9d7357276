/**
 * The entry of a workflow graph: the nodes after it receive the user's message.
 *
 * @example
 * ```ts
 * new Workflow({ name: 'wf', edges: [[START, fetch, summarize]] });
 * ```
 */
export const START = 'START';

