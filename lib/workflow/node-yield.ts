import type { Event } from '../events/event.js';

/**
 * What a node run produces, in order: events (already stamped with the run's `nodeInfo`), its
 * output value (`emitted` when an event already carries it: an agent's reply, a child's output
 * used as this node's), or the ids of the input requests it waits on.
 *
 * @example
 * ```ts
 * const items: NodeYield[] = [{ kind: 'event', event }, { kind: 'output', value: 42 }];
 * ```
 */
export type NodeYield =
  | { readonly kind: 'event'; readonly event: Event }
  | { readonly kind: 'output'; readonly value: unknown; readonly emitted?: boolean }
  | { readonly kind: 'interrupt'; readonly ids: readonly string[] };

/**
 * The event item of a node run.
 *
 * @example
 * ```ts
 * eventYield(event); // { kind: 'event', event }
 * ```
 */
export function eventYield(event: Event): NodeYield {
  return { kind: 'event', event };
}

/**
 * The output item of a node run.
 *
 * @example
 * ```ts
 * outputYield('GO'); // { kind: 'output', value: 'GO' }
 * ```
 */
export function outputYield(value: unknown): NodeYield {
  return { kind: 'output', value };
}

/**
 * Where the items of a node run's dynamic children go (`ctx.runNode`): a `Subject`, or the
 * function node's attempt itself, which folds them while the function runs.
 *
 * @example
 * ```ts
 * const children: NodeYieldSink = new Subject<NodeYield>();
 * children.next(outputYield(42));
 * ```
 */
export interface NodeYieldSink {
  next(item: NodeYield): void;
}
