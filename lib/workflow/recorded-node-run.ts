import type { RouteValue } from '../events/node-info.js';

/**
 * What the session's events say about one node run of a paused workflow: whether it finished,
 * with which output and routes, on which branch, or which input requests it waits on.
 *
 * @example
 * ```ts
 * const run: RecordedNodeRun = { finished: true, hasOutput: true, output: 'GO', fromMessage: false, routes: [], interruptIds: [], branch: undefined };
 * ```
 */
export interface RecordedNodeRun {
  /** It produced an output, a route or another event of its own (not only errors or input requests). */
  readonly finished: boolean;
  readonly hasOutput: boolean;
  /** The output (an agent's reply text when {@link fromMessage}). */
  readonly output: unknown;
  /** The output is an agent's reply (`nodeInfo.messageAsOutput`): its text, still to be parsed by the node. */
  readonly fromMessage: boolean;
  readonly routes: readonly RouteValue[];
  /** `adk_request_input` calls made by the run or by a node inside it. */
  readonly interruptIds: readonly string[];
  readonly branch: string | undefined;
}
