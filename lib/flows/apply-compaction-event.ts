import type { Content } from '@google/genai';
import type { Event } from '../events/event.js';
import type { EventCompaction } from '../events/event-compaction.js';

/** One event of a history as the model will see it (what `buildContents` keeps). */
export interface HistoryEntry {
  event: Event;
  content: Content;
}

/**
 * Applies one compaction event to the history built from the events stored before it (pure:
 * returns a new array; ADK Python's `_process_compaction_events`, one compaction at a time):
 *
 * - a compaction whose range a summary already in the history strictly contains changes nothing;
 * - summaries whose range it contains (an equal range included: the later one wins) are dropped;
 * - raw events stamped inside `[startTimestamp, endTimestamp]` are dropped — only those stored
 *   before the compaction event, since this is applied as the history reaches it: an event stored
 *   after it was never summarised, even if it shares a timestamp;
 * - the summary goes in at `endTimestamp`: after every entry stamped at or before it, before the
 *   later ones, with `agentName` as author (the agent reads it as its own earlier turns).
 *
 * ```
 * history:  e1(1) e2(2) S[1-2](2) e3(4)      + compaction [2-4]
 * result:   S[2-4](4)                        (S[1-2] kept if its start were earlier: 1 < 2 → kept)
 * ```
 *
 * @example
 * ```ts
 * applyCompactionEvent(entries, compactionEvent, 'support_agent');
 * ```
 */
export function applyCompactionEvent<T extends HistoryEntry>(
  entries: readonly T[],
  compactionEvent: Event & { actions: { compaction: EventCompaction } },
  agentName: string,
  entryOf: (event: Event, content: Content) => T,
): T[] {
  const { startTimestamp: start, endTimestamp: end, compactedContent } = compactionEvent.actions.compaction;
  const containedBy = (other: EventCompaction) =>
    other.startTimestamp <= start && other.endTimestamp >= end && (other.startTimestamp < start || other.endTimestamp > end);
  if (entries.some((entry) => entry.event.actions.compaction && containedBy(entry.event.actions.compaction))) return entries.slice();
  const kept = entries.filter((entry) => {
    const own = entry.event.actions.compaction;
    if (own) return !(own.startTimestamp >= start && own.endTimestamp <= end);
    return !(entry.event.timestamp >= start && entry.event.timestamp <= end);
  });
  const summary: Event = {
    id: compactionEvent.id,
    invocationId: compactionEvent.invocationId,
    author: agentName || 'model',
    ...(compactionEvent.branch ? { branch: compactionEvent.branch } : {}),
    content: compactedContent,
    actions: compactionEvent.actions,
    timestamp: end,
  };
  let at = kept.length;
  while (at > 0 && kept[at - 1]!.event.timestamp > end) at--;
  kept.splice(at, 0, entryOf(summary, compactedContent));
  return kept;
}
