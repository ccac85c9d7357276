/**
 * Where a workflow event comes from (ADK 2.x's `nodeInfo`): the node run's path, and the node
 * paths the event is the output of. Plain data, stored with the event.
 *
 * @example
 * ```ts
 * const info: NodeInfo = { path: 'wf@1/draft@2', outputFor: ['wf@1/draft@2', 'wf@1'] };
 * ```
 */
export interface NodeInfo {
  /** `workflow@run/node@run`, nested workflows adding segments (`wf@1/sub@1/a@1`); `''` for a user event. */
  path: string;
  /** The paths whose output this event is: the node run's own, plus its workflow's when it is terminal. */
  outputFor?: string[];
  /** An agent's reply that serves as the node's output (its text, or its parsed structured answer). */
  messageAsOutput?: boolean;
}

/** A route a node takes: the key of a routing map (`{approve: send}`). */
export type RouteValue = string | number | boolean;
