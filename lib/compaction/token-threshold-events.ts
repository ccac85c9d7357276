import type { Event } from '../events/event.js';
import { compactableEnd } from './compactable-end.js';
import { latestCompactionIndex } from './latest-compaction.js';
import { summarySeed } from './summary-seed.js';

/**
 * The events a token-threshold compaction summarises now, or `[]` (pure; ADK Python's
 * `_events_to_compact_for_token_threshold`):
 *
 * - candidates are the events stamped after the latest compaction's range, or stored after that
 *   compaction event (compaction events left out); nothing happens unless there are more than
 *   `eventRetentionSize`;
 * - all but the last `eventRetentionSize` candidates are summarised, the split moved earlier by
 *   {@link compactableEnd} (a kept response keeps its call; held calls stay raw);
 * - a rolling summary: the latest compaction's summary comes first ({@link summarySeed}), stamped
 *   at the start of its range, so the new summary covers (and replaces) the previous one.
 *
 * Scans backwards from the end, over the candidates only.
 *
 * @example
 * ```ts
 * tokenThresholdEvents(session.events, 2); // every event since the last compaction but the last two
 * ```
 */
export function tokenThresholdEvents(events: readonly Event[], eventRetentionSize: number): Event[] {
  const latest = latestCompactionIndex(events);
  const compaction = latest < 0 ? undefined : events[latest]!.actions.compaction!;
  const lastEnd = compaction ? compaction.endTimestamp : -Infinity;
  const candidates: number[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.actions.compaction) continue;
    if (i < latest && event.timestamp <= lastEnd) break;
    candidates.push(i);
  }
  if (candidates.length <= eventRetentionSize) return [];
  candidates.reverse();
  const start = candidates[0]!;
  const split = eventRetentionSize === 0 ? events.length : candidates[candidates.length - eventRetentionSize]!;
  const cut = compactableEnd(events, start, split);
  const summarised = events.slice(start, cut).filter((event) => !event.actions.compaction);
  if (summarised.length === 0) return [];
  return compaction ? [summarySeed(events[latest]!), ...summarised] : summarised;
}
