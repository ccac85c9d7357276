import { createEventActions, type EventActions } from '../events/event-actions.js';
import type { Event } from '../events/event.js';
import type { RouteValue } from '../events/node-info.js';
import type { NodeContext } from './node-context.js';

/**
 * The event that ends a node run (see `finishedAttempt`): with `hasOutput`, its output event
 * (`output`, `nodeInfo.outputFor`, no content), else one with just its `nodeInfo.path`; with the
 * route the node set (`actions.route`) when it set one. The same event, in the same key order, as
 * `ctx.createEvent({ output, nodeInfo, actions })` (`invocationId`, `author`, `branch` when
 * there is one, `nodeInfo`, `output`, `actions`, `id`, `timestamp`), built as one object literal
 * instead of through two `Object.assign`s: every node step makes one.
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
  // createEventActions({ route })'s actions, without its walk over the keys of a partial
  const actions: EventActions =
    route === undefined ? createEventActions() : { stateDelta: {}, artifactDelta: {}, requestedToolConfirmations: {}, route };
  const id = invocation.idGenerator();
  const timestamp = invocation.clock();
  if (hasOutput) {
    const nodeInfo = { path: scope.path, outputFor: [...scope.outputFor] };
    return branch === undefined
      ? { invocationId, author, nodeInfo, output, actions, id, timestamp }
      : { invocationId, author, branch, nodeInfo, output, actions, id, timestamp };
  }
  const nodeInfo = { path: scope.path };
  return branch === undefined ? { invocationId, author, nodeInfo, actions, id, timestamp } : { invocationId, author, branch, nodeInfo, actions, id, timestamp };
}
