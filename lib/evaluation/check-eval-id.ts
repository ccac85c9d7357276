import { EvalInputError } from './eval-input-error.js';

/** ADK's rule for eval-set ids: letters, digits and underscores. */
const EVAL_SET_ID = /^[A-Za-z0-9_]+$/;

/** A file-name segment: no path separator, not `.` or `..`, no leading dot, no control character. */
const NAME_SEGMENT = /^(?!\.)[^/\\\0-\x1f]+$/;

/**
 * Refuses an eval-set id that is not ADK's `^[a-zA-Z0-9_]+$` (so a path separator or `..` cannot
 * reach outside the app's folder), with an {@link EvalInputError}; returns the id.
 *
 * @example
 * ```ts
 * checkEvalSetId('smoke_1');   // 'smoke_1'
 * checkEvalSetId('../etc');    // throws EvalInputError: Invalid eval set id "../etc" …
 * ```
 */
export function checkEvalSetId(id: string): string {
  if (!EVAL_SET_ID.test(id)) throw new EvalInputError(`Invalid eval set id "${id}": an eval set id has only letters, digits and underscores (^[a-zA-Z0-9_]+$).`, { key: 'eval_set_id' });
  return id;
}

/**
 * Refuses a name used as one file or folder name (an app, an eval-result id) that could leave its
 * folder: a path separator, `.`/`..` or a leading dot, a control character. Returns the name.
 *
 * @example
 * ```ts
 * checkNameSegment('weather_smoke_1732650000.5', 'eval result id'); // returned as is
 * checkNameSegment('../../x', 'eval result id');                     // throws EvalInputError
 * ```
 */
export function checkNameSegment(name: string, what: string): string {
  if (!NAME_SEGMENT.test(name)) throw new EvalInputError(`Invalid ${what} "${name}": it must not hold a path separator, start with a dot or hold control characters.`);
  return name;
}
