import { RxadkError } from '../utils/errors.js';

/**
 * An eval set, eval case or eval result that does not exist. The HTTP routes answer 404.
 *
 * @example
 * ```ts
 * throw new EvalNotFoundError('eval set', 'smoke', 'weather');
 * // Eval set "smoke" not found for app "weather".
 * ```
 */
export class EvalNotFoundError extends RxadkError {
  constructor(
    /** What is missing. */
    readonly kind: 'eval set' | 'eval case' | 'eval result',
    /** Its id. */
    readonly id: string,
    /** The app it was looked for in. */
    readonly appName: string,
    /** For an eval case: its set. */
    readonly evalSetId?: string,
  ) {
    super('EVAL_NOT_FOUND', `${kind[0]!.toUpperCase()}${kind.slice(1)} "${id}" not found ${evalSetId !== undefined ? `in eval set "${evalSetId}" ` : ''}for app "${appName}".`);
  }
}
