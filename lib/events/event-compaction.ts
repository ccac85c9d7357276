import type { Content } from '@google/genai';

/**
 * What a compaction event carries in `actions.compaction` (ADK's `EventCompaction`): a summary of
 * the session's events whose timestamps lie in `[startTimestamp, endTimestamp]`. Timestamps are in
 * the unit of `Event.timestamp` (milliseconds in rxadk). Plain data.
 *
 * The stored events stay as they are: the request builder sends the model `compactedContent` in
 * place of the events the range covers (and that were stored before the compaction event).
 *
 * @example
 * ```ts
 * const compaction: EventCompaction = {
 *   startTimestamp: 1_000, endTimestamp: 9_000,
 *   compactedContent: { role: 'model', parts: [{ text: 'The user booked a flight to Paris.' }] },
 * };
 * ```
 */
export interface EventCompaction {
  startTimestamp: number;
  endTimestamp: number;
  compactedContent: Content;
}

/**
 * True when `event` is a compaction event with a complete range and a summary (events with an
 * incomplete `actions.compaction` are ignored, as ADK ignores them).
 *
 * @example
 * ```ts
 * isCompactionEvent(createEvent({ author: 'user', actions: { compaction } })); // true
 * isCompactionEvent(createEvent({ author: 'user' }));                           // false
 * ```
 */
export function isCompactionEvent<T extends { actions?: { compaction?: EventCompaction | undefined } }>(
  event: T,
): event is T & { actions: { compaction: EventCompaction } } {
  const compaction = event.actions?.compaction;
  return (
    !!compaction &&
    typeof compaction.startTimestamp === 'number' &&
    typeof compaction.endTimestamp === 'number' &&
    !!compaction.compactedContent
  );
}
