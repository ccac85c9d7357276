import { callbackChain } from '../plugins/callback-chain.js';
import { concatMap, map, type Observable, of, type OperatorFunction } from 'rxjs';
import type { Event } from '../events/event.js';
import type { RouteValue } from '../events/node-info.js';
import { asJsonValue } from '../utils/as-json-value.js';
import { NonJsonResultError } from '../utils/errors.js';
import { forwardAndFold } from '../operators/forward-and-fold.js';
import { orElse } from '../operators/or-else.js';
import { mapThenEmit } from '../operators/map-then-emit.js';
import type { NodeHookInfo } from '../plugins/node-hook-info.js';
import type { NodeContext } from './node-context.js';
import type { NodeRunItem } from './node-run-item.js';
import type { NodeYield } from './node-yield.js';
import { validateNodeValue } from './validate-node-value.js';

/** What a node run has produced so far. */
interface Collected {
  readonly hasOutput: boolean;
  readonly output: unknown;
  /** An event already carries the output (an agent's reply, a child's output used as this node's). */
  readonly emitted: boolean;
  readonly routes: readonly RouteValue[];
  readonly interruptIds: readonly string[];
  /** An event of this attempt records the run (one on its path, or an output for it), so a resume finds it. */
  readonly recorded: boolean;
}

const NOTHING: Collected = { hasOutput: false, output: undefined, emitted: false, routes: [], interruptIds: [], recorded: false };

/**
 * Turns one attempt's node items into node-run items: events pass through as they come; when the
 * attempt completes, its output is checked (JSON, `outputSchema`) and committed as ADK's output
 * event (`output`, `nodeInfo.outputFor`, no content; with the route set through `ctx.route` and
 * the state written since the last event), unless an event already carries it; then one `done`.
 * A node without output that set a route or wrote state gets one event with just that; one
 * that left no event at all gets an event with just its `nodeInfo` (its completion, for resume).
 *
 * ```
 * node items:  --e1---out(42)--|
 * result:      --e1------------(o d|)      o = output event, d = done {output: 42}
 * ```
 *
 * @example
 * ```ts
 * node.run(ctx, input).pipe(collectNodeRun(ctx));
 * ```
 */
export function collectNodeRun(ctx: NodeContext, info: NodeHookInfo): OperatorFunction<NodeYield, NodeRunItem> {
  const path = ctx.nodePath;
  return forwardAndFold(
    eventItem,
    (acc: Collected, item: NodeYield) => collect(path, acc, item),
    NOTHING,
    (collected) => afterNode(ctx, info, collected, (checked) => finish(ctx, checked)),
  );
}

/** A node item that is an event, as a node-run item; the others are folded, not passed on. */
function eventItem(item: NodeYield): NodeRunItem | undefined {
  return item.kind === 'event' ? item : undefined;
}

/** Folds one item into what the run produced; only the run's own events (not its children's) give routes. */
function collect(path: string, acc: Collected, item: NodeYield): Collected {
  switch (item.kind) {
    case 'event': {
      const withRecord = acc.recorded || !recordsRun(item.event, path) ? acc : collected(acc, { recorded: true });
      const route = item.event.actions.route;
      return route === undefined || item.event.nodeInfo?.path !== path ? withRecord : collected(withRecord, { routes: [...withRecord.routes, ...(Array.isArray(route) ? route : [route])] });
    }
    case 'output':
      if (!item.emitted && acc.emitted && Object.is(acc.output, item.value)) return acc;
      return collected(acc, { hasOutput: true, output: item.value, emitted: item.emitted === true });
    case 'interrupt':
      return collected(acc, { interruptIds: [...acc.interruptIds, ...item.ids] });
  }
}

/**
 * `acc` with `changes`, built as one object literal of a fixed shape (a node's output is folded
 * on every node step, and V8's `{ ...acc, x }` is slow).
 */
function collected(acc: Collected, changes: Partial<Collected>): Collected {
  return {
    hasOutput: changes.hasOutput ?? acc.hasOutput,
    output: 'output' in changes ? changes.output : acc.output,
    emitted: changes.emitted ?? acc.emitted,
    routes: changes.routes ?? acc.routes,
    interruptIds: changes.interruptIds ?? acc.interruptIds,
    recorded: changes.recorded ?? acc.recorded,
  };
}

/**
 * The plugins' `afterNodeCallback` chain, then `next`: a value of the chain replaces the output
 * (to be committed anew). Without a chain to run, `next` goes on at once.
 */
function afterNode(ctx: NodeContext, info: NodeHookInfo, collected: Collected, next: (collected: Collected) => Observable<NodeRunItem>): Observable<NodeRunItem> {
  const after = callbackChain(ctx.invocation.pluginManager, 'afterNodeCallback');
  if (!after?.registered || !collected.hasOutput || collected.interruptIds.length) return next(collected);
  return orElse(
    after.run(ctx, info, collected.output).pipe(map((output): Collected => ({ ...collected, output, emitted: false }))),
    () => of(collected),
  ).pipe(concatMap(next));
}

/**
 * Commits the output (or route, or state) event of a finished attempt, then says how it ended. A
 * run that finished without any event recording it gets one event with just its `nodeInfo`, so
 * that a resume, rebuilt from the session, finds it finished and fast-forwards it.
 */
function finish(ctx: NodeContext, collected: Collected): Observable<NodeRunItem> {
  const scope = ctx.runScope;
  const ownRoute = ctx.route;
  const routes = ownRoute === undefined ? collected.routes : Array.isArray(ownRoute) ? ownRoute : [ownRoute];
  const output = collected.hasOutput && !collected.interruptIds.length ? checkedOutput(ctx, collected.output) : undefined;
  const hasOutput = collected.hasOutput && !collected.interruptIds.length;
  const route = ownRoute === undefined ? {} : { route: ownRoute };
  const needsOutputEvent = hasOutput && !collected.emitted;
  const unrecorded = !collected.recorded && !collected.interruptIds.length;
  const needsEvent = needsOutputEvent || ownRoute !== undefined || Object.keys(ctx.actions.stateDelta).length > 0 || unrecorded;
  const result = { output, hasOutput, routes, interruptIds: collected.interruptIds, branch: scope.branch };
  const done: NodeRunItem = { kind: 'done', result };
  if (!needsEvent) return of(done);
  const event = ctx.createEvent(needsOutputEvent ? { output, nodeInfo: { path: scope.path, outputFor: [...scope.outputFor] }, actions: route } : { actions: route });
  return ctx.emit(event).pipe(mapThenEmit(committedItem, done));
}

/** A committed event as a node-run item. */
function committedItem(event: Event): NodeRunItem {
  return { kind: 'event', event };
}

/** Whether `event` tells a resume that the run at `path` ran: its own event (not an error), or an output for it. */
function recordsRun(event: Event, path: string): boolean {
  const info = event.nodeInfo;
  if (!info) return false;
  if (info.path === path) return event.errorCode === undefined || event.output !== undefined;
  return event.output !== undefined || info.messageAsOutput === true ? (info.outputFor ?? []).includes(path) : false;
}

function checkedOutput(ctx: NodeContext, output: unknown): unknown {
  const json = asJsonValue(output);
  if (!json.ok) throw new NonJsonResultError({ toolName: `workflow node "${ctx.nodeName}"`, reason: json.reason });
  return validateNodeValue(ctx.nodeName, 'output', ctx.runScope.options.outputSchema, json.value);
}
