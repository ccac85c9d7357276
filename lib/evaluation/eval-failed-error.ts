import { RxadkError } from '../utils/errors.js';
import type { EvalCaseResult } from './eval-result.js';
import { evalResultsTable } from './eval-results-table.js';

/**
 * An evaluation did not pass: its message is the per-case table ({@link evalResultsTable}), and
 * `results` the case results.
 *
 * @example
 * ```ts
 * throw new EvalFailedError(results); // message: 'Evaluation failed:\nCase  Metric  Score ...'
 * ```
 */
export class EvalFailedError extends RxadkError {
  readonly results: readonly EvalCaseResult[];

  constructor(results: readonly EvalCaseResult[]) {
    super('EVAL_FAILED', `Evaluation failed:\n${evalResultsTable(results)}`);
    this.results = results;
  }
}
