import type { Event } from '../events/event.js';
import { compactableEnd } from './compactable-end.js';
import { latestCompactionIndex } from './latest-compaction.js';
import { summarySeed } from './summary-seed.js';

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
 * - {@link compactableEnd} then shortens it so that held calls, and what follows them, stay raw;
 * - the latest compaction's summary goes first ({@link summarySeed}, stamped at the start of its
 *   range): the new summary covers the previous one's range too and replaces it, so what the
 *   model is sent stays one summary plus the raw events after it (ADK Python folds the last
 *   compaction into the next).
 *
 * The Runner serialises the runs on a session, so an invocation's events are contiguous and the
 * scan runs backwards over the new and overlapping invocations only, never the whole history.
 *
 * ```
 * interval 2, overlap 1:   inv1 inv2 │C[1,2]│ inv3 inv4 │C[1,4]│   (C[1,4] summarises C[1,2]'s text, inv2, inv3, inv4)
 * ```
 *
 * @example
 * ```ts
 * slidingWindowEvents(session.events, { compactionInterval: 2, overlapSize: 1 }).map((e) => e.invocationId);
 * // after C[1,2]: ['inv2' (C[1,2]'s summary, as the seed), 'inv2', 'inv2', 'inv3', 'inv3', 'inv4', 'inv4']
 * ```
 */
export function slidingWindowEvents(events: readonly Event[], config: SlidingWindow): Event[] {
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
      if (!isNew && oldCount === config.overlapSize) break;
      seen.add(event.invocationId);
      if (isNew) newCount++;
      else oldCount++;
      if (end < 0) end = i + 1;
    }
    start = i;
  }
  if (newCount < config.compactionInterval || start < 0) return [];
  const cut = compactableEnd(events, start, end);
  const window = events.slice(start, cut).filter((event) => !event.actions.compaction);
  return latest >= 0 && window.length ? [summarySeed(events[latest]!), ...window] : window;
}
