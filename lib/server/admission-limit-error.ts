import { RxadkError } from '../utils/errors.js';

/**
 * An admission queue's limit (`DevServerOptions.maxRuns`, `rxadk api_server --max-runs`) is not a
 * whole number of at least 1 (or `Infinity`, no limit).
 *
 * @example
 * ```ts
 * try { admissionQueue(0); }
 * catch (e) { if (e instanceof AdmissionLimitError) console.log(e.limit); } // 0
 * ```
 */
export class AdmissionLimitError extends RxadkError {
  constructor(readonly limit: unknown) {
    super('ADMISSION_LIMIT', `The number of runs at once must be a whole number of at least 1 (or Infinity), not ${String(limit)}.`);
  }
}
