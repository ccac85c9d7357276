import type { Event } from '../events/event.js';
import type { GetSessionConfig } from './base-session-service.js';

/**
 * The events a `getSession` config selects, as a new array: those at or after `afterTimestamp`,
 * then the last `numRecentEvents` of them.
 *
 * @example
 * ```ts
 * selectEvents(events, { numRecentEvents: 2 }); // the last two
 * ```
 */
export function selectEvents(events: readonly Event[], config: GetSessionConfig = {}): Event[] {
  let start = 0;
  if (config.afterTimestamp !== undefined) {
    start = events.length;
    while (start > 0 && events[start - 1]!.timestamp >= config.afterTimestamp) start--;
  }
  if (config.numRecentEvents !== undefined) {
    start = Math.max(start, events.length - Math.max(0, config.numRecentEvents));
  }
  return events.slice(start);
}
