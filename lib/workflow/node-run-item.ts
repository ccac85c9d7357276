import type { Event } from '../events/event.js';
import type { NodeRunResult } from './schedule.js';

/**
 * What running a node (with its retries, timeout and output event) produces: its events, then
 * once how it ended.
 *
 * @example
 * ```ts
 * const items: NodeRunItem[] = [{ kind: 'event', event }, { kind: 'done', result }];
 * ```
 */
export type NodeRunItem = { readonly kind: 'event'; readonly event: Event } | { readonly kind: 'done'; readonly result: NodeRunResult };
