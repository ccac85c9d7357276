import { camelCase } from '../evaluation/camel-case-data.js';
import { HttpError } from './http-error.js';

/**
 * A request body's JSON object with its keys in camelCase (ADK's API takes `eval_id` or
 * `evalId`), one level deep; an {@link HttpError} 400 naming `what` when it is not an object.
 *
 * @example
 * ```ts
 * camelKeys({ eval_id: 'c1', sessionId: 's1' }, 'The body'); // { evalId: 'c1', sessionId: 's1' }
 * camelKeys([], 'The body');                                  // throws HttpError 400: The body must be a JSON object.
 * ```
 */
export function camelKeys(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, `${what} must be a JSON object.`);
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [camelCase(key), v]));
}
