import type { Event } from '../events/event.js';
import { compactableEnd } from './compactable-end.js';
import { latestCompactionIndex } from './latest-compaction.js';

/** The sliding-window half of `EventsCompactionConfig`. */
export interface SlidingWindow {
  /** How many new invocations (since the latest compaction) trigger one. */
  compactionInterval: number;
  /** How many invocations before the new ones the summary also covers. */
  overlapSize: number;
}

/**
 * The events a sliding-window compaction summarises now, or `[]` (pure; ADK Python's
 * `_run_compaction_for_sliding_window`, counted in invocations as ADK counts):
 *
 * - an invocation is *new* when its latest event is stamped after the end of the latest
 *   compaction's range, or stored after that compaction event (an event stored later was never
 *   summarised, even in the same millisecond); nothing happens until there are
 *   `compactionInterval` new invocations;
 * - the range then runs from the first event of the invocation `overlapSize` invocations before
 *   the first new one, to the last event of the newest invocation; compaction events are left out;
 * - {@link compactableEnd} then shortens it so that held calls, and what follows them, stay raw.
 *
 * The Runner serialises the runs on a session, so an invocation's events are contiguous and the
 * scan runs backwards over the new and overlapping invocations only, never the whole history.
 *
 * ```
 * interval 2, overlap 1:   inv1 inv2 │C[1,2]│ inv3 inv4 │C[2,4]│
 * ```
 *
 * @example
 * ```ts
 * slidingWindowEvents(session.events, { compactionInterval: 2, overlapSize: 1 }).map((e) => e.invocationId);
 * // ['inv2', 'inv2', 'inv3', 'inv3', 'inv4', 'inv4']
 * ```
 */
export function slidingWindowEvents(events: readonly Event[], window: SlidingWindow): Event[] {
  const latest = latestCompactionIndex(events);
  const lastEnd = latest < 0 ? -Infinity : events[latest]!.actions.compaction!.endTimestamp;
  const seen = new Set<string>();
  let newCount = 0;
  let oldCount = 0;
  let end = -1;
  let start = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.actions.compaction || !event.invocationId) continue;
    if (!seen.has(event.invocationId)) {
      const isNew = i > latest || event.timestamp > lastEnd;
      if (!isNew && oldCount === window.overlapSize) break;
      seen.add(event.invocationId);
      if (isNew) newCount++;
      else oldCount++;
      if (end < 0) end = i + 1;
    }
    start = i;
  }
  if (newCount < window.compactionInterval || start < 0) return [];
  const cut = compactableEnd(events, start, end);
  return events.slice(start, cut).filter((event) => !event.actions.compaction);
}
