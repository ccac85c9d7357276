import { RxadkError } from '../utils/errors.js';

/** Which trigger a compaction ran for. */
export type CompactionTrigger = 'sliding_window' | 'token_threshold';

/**
 * A compaction failed (the summarizer errored or returned something that is not a compaction
 * event, or the compaction event could not be stored). Nothing is lost: the events stay raw and
 * the turn goes on; the next trigger tries again. `cause` is the original error.
 *
 * @example
 * ```ts
 * eventsCompaction: { compactionInterval: 10, overlapSize: 1,
 *   onError: (e) => log.warn(e.trigger, e.sessionId, e.cause) }
 * ```
 */
export class EventCompactionError extends RxadkError {
  readonly trigger: CompactionTrigger;
  readonly sessionId: string;

  constructor(fields: { trigger: CompactionTrigger; sessionId: string; cause: unknown }) {
    const reason = fields.cause instanceof Error ? fields.cause.message : String(fields.cause);
    super(
      'EVENT_COMPACTION_FAILED',
      `The ${fields.trigger.replace('_', '-')} compaction of session "${fields.sessionId}" failed: ${reason}. ` +
        'The events stay as they are (nothing is lost); the next trigger tries again.',
      { cause: fields.cause },
    );
    this.trigger = fields.trigger;
    this.sessionId = fields.sessionId;
  }
}
