import { RxadkError } from '../utils/errors.js';

/**
 * An `App`'s `eventsCompaction` (or a summarizer) is not usable: a half-given pair
 * (`compactionInterval` without `overlapSize`, `tokenThreshold` without `eventRetentionSize`), a
 * negative or non-integer size, or no model to summarise with.
 *
 * @example
 * ```ts
 * try { new App({ name: 'a', rootAgent, eventsCompaction: { compactionInterval: 0, overlapSize: 1 } }); }
 * catch (e) { if (e instanceof CompactionConfigError) console.log(e.message); }
 * ```
 */
export class CompactionConfigError extends RxadkError {
  constructor(message: string) {
    super('COMPACTION_CONFIG', message);
  }
}
