import type { CallbackChain } from '../plugins/callback-chain.js';
import { concatMap, map, type Observable, of } from 'rxjs';
import type { Event } from '../events/event.js';
import { asJsonValue } from '../utils/as-json-value.js';
import { NonJsonResultError } from '../utils/errors.js';
import { orElse } from '../operators/or-else.js';
import { mapThenEmit } from '../operators/map-then-emit.js';
import type { NodeHookInfo } from '../plugins/node-hook-info.js';
import type { CollectedNodeItems } from './collected-node-items.js';
import type { NodeContext } from './node-context.js';
import type { NodeRunItem } from './node-run-item.js';
import { validateNodeValue } from './validate-node-value.js';
import { isEmptyStateDelta } from '../sessions/state-delta.js';
import type { NodeRunResult } from './schedule.js';
import { nodeEndEvent } from './node-end-event.js';

/**
 * The end of an attempt whose node items are all folded into `collected`: the plugins'
 * `afterNodeCallback` chain (a value of it replaces the output, to be committed anew), then the
 * output checked (JSON, `outputSchema`) and committed as ADK's output event (`output`,
 * `nodeInfo.outputFor`, no content; with the route set through `ctx.route` and the state written
 * since the last event), unless an event already carries it; then one `done`. A node without
 * output that set a route or wrote state gets one event with just that; one that left no event
 * at all gets an event with just its `nodeInfo` (its completion, for resume). A bad output throws
 * (the caller's attempt errors).
 *
 * ```
 * collected {output: 42}:  (o d|)      o = output event, d = done {output: 42}
 * ```
 *
 * @example
 * ```ts
 * endNodeAttempt(ctx, { name: 'a', path: 'wf@1/a@1', attempt: 1 }, foldNodeItem(ctx.nodePath, NO_NODE_ITEMS, outputYield(42)));
 * ```
 */
export function endNodeAttempt(ctx: NodeContext, info: NodeHookInfo, collected: CollectedNodeItems): Observable<NodeRunItem> {
  const after = afterNodeHook(ctx, collected);
  if (!after) return finish(ctx, collected);
  return orElse(
    after.run(ctx, info, collected.output).pipe(map((output): CollectedNodeItems => ({ ...collected, output, emitted: false }))),
    () => of(collected),
  ).pipe(concatMap((checked) => finish(ctx, checked)));
}

/**
 * The plugins' `afterNodeCallback` chain when it applies to an attempt that produced `collected`
 * (a plugin has the hook, and the attempt has an output and no open input request), else
 * `undefined`: the attempt ends with {@link finishedAttempt} as it is.
 *
 * @example
 * ```ts
 * afterNodeHook(ctx, collected) ? endNodeAttempt(ctx, info, collected) : finishedAttempt(ctx, collected);
 * ```
 */
export function afterNodeHook(ctx: NodeContext, collected: CollectedNodeItems): CallbackChain<'afterNodeCallback'> | undefined {
  const after = ctx.runScope.hooks.after;
  return after.registered && collected.hasOutput && !collected.interruptIds.length ? after : undefined;
}

/** How a finished attempt ends: the event to commit first, if it needs one, then its result. */
export interface FinishedAttempt {
  readonly event: Event | undefined;
  readonly result: NodeRunResult;
}

/**
 * How an attempt whose items are all folded into `collected` ends, with no plugin after it: its
 * output checked (JSON, `outputSchema`; a bad one throws) and the output (or route, or state)
 * event to commit, unless none is needed, then its result. A run that finished without any event
 * recording it gets one event with just its `nodeInfo`, so that a resume, rebuilt from the
 * session, finds it finished and fast-forwards it.
 *
 * @example
 * ```ts
 * const { event, result } = finishedAttempt(ctx, foldNodeItem(ctx.nodePath, NO_NODE_ITEMS, outputYield(42)));
 * // event: the output event (output 42), result: { output: 42, hasOutput: true, ... }
 * ```
 */
export function finishedAttempt(ctx: NodeContext, collected: CollectedNodeItems): FinishedAttempt {
  const scope = ctx.runScope;
  const ownRoute = ctx.route;
  const routes = ownRoute === undefined ? collected.routes : Array.isArray(ownRoute) ? ownRoute : [ownRoute];
  const output = collected.hasOutput && !collected.interruptIds.length ? checkedOutput(ctx, collected.output) : undefined;
  const hasOutput = collected.hasOutput && !collected.interruptIds.length;
  const needsOutputEvent = hasOutput && !collected.emitted;
  const unrecorded = !collected.recorded && !collected.interruptIds.length;
  // actions the run never read (made at their first read) hold no state written
  const delta = ctx.recordedActions?.stateDelta;
  const needsEvent = needsOutputEvent || ownRoute !== undefined || (delta !== undefined && !isEmptyStateDelta(delta)) || unrecorded;
  const result = { output, hasOutput, routes, interruptIds: collected.interruptIds, branch: scope.branch };
  if (!needsEvent) return { event: undefined, result };
  return { event: nodeEndEvent(ctx, needsOutputEvent, output, ownRoute), result };
}

/** Commits the event of a finished attempt, if it needs one ({@link finishedAttempt}), then says how it ended. */
function finish(ctx: NodeContext, collected: CollectedNodeItems): Observable<NodeRunItem> {
  const { event, result } = finishedAttempt(ctx, collected);
  const done: NodeRunItem = { kind: 'done', result };
  if (event === undefined) return of(done);
  return ctx.emit(event).pipe(mapThenEmit(committedItem, done));
}

/** A committed event as a node-run item. */
function committedItem(event: Event): NodeRunItem {
  return { kind: 'event', event };
}

function checkedOutput(ctx: NodeContext, output: unknown): unknown {
  const json = asJsonValue(output);
  if (!json.ok) throw new NonJsonResultError({ toolName: `workflow node "${ctx.nodeName}"`, reason: json.reason });
  return validateNodeValue(ctx.nodeName, 'output', ctx.runScope.options.outputSchema, json.value);
}
