import type { Event } from '../events/event.js';

/**
 * The latest compaction's summary as the first event of the next summary's input (ADK Python
 * folds the last compaction into the next one): authored `model`, its content the summary,
 * stamped at the *start* of the range it covers — so the new summary's range (first to last
 * event) contains the previous one, which the request builder then drops. What the model is sent
 * stays one summary plus the raw events after it, however long the session grows.
 *
 * ```
 * C1[t1,t4] stored; next window t5…t8   →   summarised: seed(t1: C1's text) e5 … e8   →   C2[t1,t8] ⊇ C1
 * ```
 *
 * @example
 * ```ts
 * const seed = summarySeed(compactionEvent);
 * seed.timestamp === compactionEvent.actions.compaction!.startTimestamp; // true
 * ```
 */
export function summarySeed(compactionEvent: Event): Event {
  const compaction = compactionEvent.actions.compaction!;
  return {
    id: compactionEvent.id,
    invocationId: compactionEvent.invocationId,
    author: 'model',
    ...(compactionEvent.branch ? { branch: compactionEvent.branch } : {}),
    content: compaction.compactedContent,
    actions: { stateDelta: {}, artifactDelta: {}, requestedToolConfirmations: {} },
    timestamp: compaction.startTimestamp,
  };
}
