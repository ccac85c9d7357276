import type { Event } from '../events/event.js';
import { isCompactionEvent } from '../events/event-compaction.js';

/**
 * The index of the session's latest compaction event (in stored order), or -1. Found by a
 * backward scan, so it costs what the session grew by since that compaction, not its length.
 *
 * @example
 * ```ts
 * latestCompactionIndex([userEvent, modelEvent, compactionEvent, userEvent2]); // 2
 * ```
 */
export function latestCompactionIndex(events: readonly Event[]): number {
  for (let i = events.length - 1; i >= 0; i--) if (isCompactionEvent(events[i]!)) return i;
  return -1;
}

/**
 * The end of the range the latest compaction covers (`-Infinity` without one): events stamped
 * after it are new since that compaction.
 *
 * @example
 * ```ts
 * latestCompactedEnd(session.events); // 1764000123456
 * ```
 */
export function latestCompactedEnd(events: readonly Event[]): number {
  const index = latestCompactionIndex(events);
  return index < 0 ? -Infinity : events[index]!.actions.compaction!.endTimestamp;
}
