import type { BaseEventsSummarizer } from './base-events-summarizer.js';
import { CompactionConfigError } from './compaction-config-error.js';
import type { EventCompactionError } from './event-compaction-error.js';

/**
 * How an `App` compacts its sessions (ADK Python's `EventsCompactionConfig`, camelCase). Two
 * triggers, each enabled by giving both of its fields:
 *
 * - **sliding window** (`compactionInterval`, `overlapSize`): after a turn, once
 *   `compactionInterval` invocations are new since the latest compaction, their events (and
 *   those of the `overlapSize` invocations before them) are summarised. Runs off the caller's
 *   path: the caller has every event of the turn, and its Observable has completed, before the
 *   summarizer is called. The next turn on the session waits for it.
 * - **token threshold** (`tokenThreshold`, `eventRetentionSize`): before each model request, when
 *   the prompt's size (the latest `usageMetadata.promptTokenCount`, else the history's characters
 *   / 4) reaches `tokenThreshold`, everything since the latest compaction but the last
 *   `eventRetentionSize` events is summarised (a rolling summary that replaces the previous one).
 *
 * Compaction changes what the model is sent, never what is stored: raw events stay in the
 * session. Calls still waiting for an answer are never compacted. A failing summarizer loses
 * nothing: the turn goes on, `onError` hears of it, the next trigger tries again.
 *
 * @example
 * ```ts
 * new App({ name: 'support', rootAgent, eventsCompaction: { compactionInterval: 10, overlapSize: 1 } });
 * new App({ name: 'coder', rootAgent, eventsCompaction: { tokenThreshold: 100_000, eventRetentionSize: 20 } });
 * ```
 */
export interface EventsCompactionConfig {
  /** Default: an `LlmEventSummarizer` on the root agent's model. */
  summarizer?: BaseEventsSummarizer;
  /** New invocations that trigger a sliding-window compaction (≥ 1). */
  compactionInterval?: number;
  /** Earlier invocations each sliding-window summary also covers (≥ 0). */
  overlapSize?: number;
  /** Prompt tokens from which a model request is preceded by a compaction (≥ 1). */
  tokenThreshold?: number;
  /** Latest events a token-threshold compaction leaves raw (≥ 0). */
  eventRetentionSize?: number;
  /**
   * How long a summary may take before the compaction is given up (and reported): the session's
   * next turn waits for a sliding-window compaction, so a summarizer that never answers must not
   * hold it forever. Milliseconds on the RxJS scheduler. Default 120 000.
   */
  summarizerTimeoutMs?: number;
  /** Told when a compaction fails (the turn is not). Default: `console.warn` with the error and its cause. */
  onError?: (error: EventCompactionError) => void;
}

/**
 * Checks an {@link EventsCompactionConfig}: each trigger's two fields are given together, as
 * integers in range, and at least one trigger is. Throws {@link CompactionConfigError}.
 *
 * @example
 * ```ts
 * validateEventsCompactionConfig({ compactionInterval: 10 }); // throws: overlapSize is missing
 * ```
 */
export function validateEventsCompactionConfig(config: EventsCompactionConfig): void {
  const pair = (a: keyof EventsCompactionConfig, b: keyof EventsCompactionConfig) => {
    if ((config[a] === undefined) !== (config[b] === undefined)) {
      throw new CompactionConfigError(`eventsCompaction.${String(a)} and eventsCompaction.${String(b)} go together: give both or neither.`);
    }
  };
  pair('compactionInterval', 'overlapSize');
  pair('tokenThreshold', 'eventRetentionSize');
  if (config.compactionInterval === undefined && config.tokenThreshold === undefined) {
    throw new CompactionConfigError('eventsCompaction needs a trigger: { compactionInterval, overlapSize } and/or { tokenThreshold, eventRetentionSize }.');
  }
  atLeast(config, 'compactionInterval', 1);
  atLeast(config, 'overlapSize', 0);
  atLeast(config, 'tokenThreshold', 1);
  atLeast(config, 'eventRetentionSize', 0);
  atLeast(config, 'summarizerTimeoutMs', 1);
}

type SizeKey = 'compactionInterval' | 'overlapSize' | 'tokenThreshold' | 'eventRetentionSize' | 'summarizerTimeoutMs';

function atLeast(config: EventsCompactionConfig, key: SizeKey, min: number): void {
  const value = config[key];
  if (value !== undefined && !(Number.isInteger(value) && value >= min)) {
    throw new CompactionConfigError(`eventsCompaction.${key} must be an integer ≥ ${min}, got ${String(value)}.`);
  }
}

/**
 * An {@link EventsCompactionConfig} in use: with the summarizer the app resolved (the one given,
 * or an `LlmEventSummarizer` on the root agent's model). What the Runner and the request builder read.
 *
 * @example
 * ```ts
 * const active: ActiveEventsCompaction = { compactionInterval: 10, overlapSize: 1, summarizer };
 * ```
 */
export type ActiveEventsCompaction = EventsCompactionConfig & { summarizer: BaseEventsSummarizer };
