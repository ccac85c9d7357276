/**
 * The key of a routing map's fallback: its node runs when the node gave no route, or a route
 * that no other key of the map matches.
 *
 * @example
 * ```ts
 * new Workflow({ name: 'wf', edges: [[START, review, { approve: send, [DEFAULT_ROUTE]: escalate }]] });
 * ```
 */
export const DEFAULT_ROUTE = '__DEFAULT__';
