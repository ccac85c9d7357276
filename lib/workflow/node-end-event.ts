import type { Event } from '../events/event.js';
import type { RouteValue } from '../events/node-info.js';
import type { NodeContext } from './node-context.js';
import { nodeEndRecords } from './node-end-records.js';

/**
 * The event that ends a node run (see `finishedAttempt`): with `hasOutput`, its output event
 * (`output`, `nodeInfo.outputFor`, no content), else one with just its `nodeInfo.path`; with the
 * route the node set (`actions.route`) when it set one. The same event, in the same key order, as
 * `ctx.createEvent({ output, nodeInfo, actions })` (`invocationId`, `author`, `branch` when
 * there is one, `nodeInfo`, `output`, `actions`, `id`, `timestamp`), built by plain constructors
 * ({@link nodeEndRecords}) instead of through two `Object.assign`s: every node step makes one.
 *
 * @example
 * ```ts
 * nodeEndEvent(ctx, true, 42, undefined);
 * // { invocationId, author: 'wf', nodeInfo: { path: 'wf@1/a@1', outputFor: ['wf@1/a@1'] }, output: 42, actions: {...}, id, timestamp }
 * ```
 */
export function nodeEndEvent(ctx: NodeContext, hasOutput: boolean, output: unknown, route: RouteValue | RouteValue[] | undefined): Event {
  const scope = ctx.runScope;
  const invocation = ctx.invocation;
  const invocationId = invocation.invocationId;
  const author = scope.workflowName;
  // the node's branch, else the invocation's (what `createEvent` keeps of the two)
  const branch = scope.branch ?? invocation.branch;
  return nodeEndRecords({
    invocationId,
    author,
    branch,
    path: scope.path,
    outputFor: hasOutput ? scope.outputFor : undefined,
    output,
    route,
    id: invocation.idGenerator(),
    timestamp: invocation.clock(),
  });
}
