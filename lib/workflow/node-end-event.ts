import { createEventActions } from '../events/event-actions.js';
import type { Event } from '../events/event.js';
import type { NodeInfo, RouteValue } from '../events/node-info.js';
import type { NodeContext } from './node-context.js';

/**
 * The event that ends a node run (see `finishedAttempt`): with `hasOutput`, its output event
 * (`output`, `nodeInfo.outputFor`, no content), else one with just its `nodeInfo.path`; with the
 * route the node set (`actions.route`) when it set one. The same event, in the same key order, as
 * `ctx.createEvent({ output, nodeInfo, actions })` (`invocationId`, `author`, `branch` when
 * there is one, `nodeInfo`, `output`, `actions`, `id`, `timestamp`), built directly instead of
 * through two `Object.assign`s: every node step makes one.
 *
 * Its objects are made with `new Object()` and their keys added in order, not as object
 * literals: V8 tracks where each literal's objects end up, and these all survive (the session
 * keeps the event), so it allocates them straight in the old generation ("pretenuring"), which
 * costs a node step more than a literal saves (docs/performance.md, "Workflows, twelfth round").
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
  // createEventActions({ route })'s actions, without its walk over the keys of a partial
  const actions = createEventActions();
  if (route !== undefined) actions.route = route;
  const nodeInfo = new Object() as NodeInfo;
  nodeInfo.path = scope.path;
  if (hasOutput) nodeInfo.outputFor = scope.outputFor.slice();
  const event = new Object() as Event;
  event.invocationId = invocation.invocationId;
  event.author = scope.workflowName;
  // the node's branch, else the invocation's (what `createEvent` keeps of the two)
  const branch = scope.branch ?? invocation.branch;
  if (branch !== undefined) event.branch = branch;
  event.nodeInfo = nodeInfo;
  if (hasOutput) event.output = output;
  event.actions = actions;
  event.id = invocation.idGenerator();
  event.timestamp = invocation.clock();
  return event;
}
