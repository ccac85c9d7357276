import { RxadkError } from '../utils/errors.js';

/**
 * Bad evaluation input: a malformed or unknown-key eval-set file, an unknown metric, a threshold
 * outside [0, 1], an eval-set id with a path separator. `rxadk eval` exits 2 on it; the HTTP
 * routes answer 400. `file` and `key` say where, when known.
 *
 * @example
 * ```ts
 * throw new EvalInputError('Unknown key "evalcases" in sets/a.evalset.json.', { file: 'sets/a.evalset.json', key: 'evalcases' });
 * ```
 */
export class EvalInputError extends RxadkError {
  readonly file: string | undefined;
  readonly key: string | undefined;

  constructor(message: string, fields: { file?: string; key?: string } = {}) {
    super('EVAL_INPUT', message);
    this.file = fields.file;
    this.key = fields.key;
  }
}
