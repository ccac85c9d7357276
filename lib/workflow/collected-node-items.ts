import type { Event } from '../events/event.js';
import type { RouteValue } from '../events/node-info.js';
import type { NodeYield } from './node-yield.js';

/** What a node attempt has produced so far: the fold of its node items. */
export interface CollectedNodeItems {
  readonly hasOutput: boolean;
  readonly output: unknown;
  /** An event already carries the output (an agent's reply, a child's output used as this node's). */
  readonly emitted: boolean;
  readonly routes: readonly RouteValue[];
  readonly interruptIds: readonly string[];
  /** An event of this attempt records the run (one on its path, or an output for it), so a resume finds it. */
  readonly recorded: boolean;
}

/**
 * The fold's seed: an attempt that has produced nothing yet.
 *
 * @example
 * ```ts
 * foldNodeItem('wf@1/a@1', NO_NODE_ITEMS, { kind: 'output', value: 42 }).output; // 42
 * ```
 */
export const NO_NODE_ITEMS: CollectedNodeItems = { hasOutput: false, output: undefined, emitted: false, routes: [], interruptIds: [], recorded: false };

/**
 * Folds one node item of the attempt at `path` into what it produced (pure): the last output
 * wins (an output an event already carries is not replaced by the same value given again),
 * interrupts add up, only the run's own events (not its children's) give routes, and an event
 * that records the run (see {@link recordsRun}) marks it recorded.
 *
 * @example
 * ```ts
 * const acc = foldNodeItem('wf@1/a@1', NO_NODE_ITEMS, { kind: 'interrupt', ids: ['ask-1'] });
 * acc.interruptIds; // ['ask-1']
 * ```
 */
export function foldNodeItem(path: string, acc: CollectedNodeItems, item: NodeYield): CollectedNodeItems {
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
function collected(acc: CollectedNodeItems, changes: Partial<CollectedNodeItems>): CollectedNodeItems {
  return {
    hasOutput: changes.hasOutput ?? acc.hasOutput,
    output: 'output' in changes ? changes.output : acc.output,
    emitted: changes.emitted ?? acc.emitted,
    routes: changes.routes ?? acc.routes,
    interruptIds: changes.interruptIds ?? acc.interruptIds,
    recorded: changes.recorded ?? acc.recorded,
  };
}

/** Whether `event` tells a resume that the run at `path` ran: its own event (not an error), or an output for it. */
function recordsRun(event: Event, path: string): boolean {
  const info = event.nodeInfo;
  if (!info) return false;
  if (info.path === path) return event.errorCode === undefined || event.output !== undefined;
  return event.output !== undefined || info.messageAsOutput === true ? (info.outputFor ?? []).includes(path) : false;
}
