/**
 * How the sessions of eval runs are named, as ADK names them (`EVAL_SESSION_ID_PREFIX`): the
 * server keeps them out of session lists.
 *
 * @example
 * ```ts
 * `${EVAL_SESSION_ID_PREFIX}${crypto.randomUUID()}`; // '___eval___session___6f1c…'
 * ```
 */
export const EVAL_SESSION_ID_PREFIX = '___eval___session___';

/**
 * Whether a session id is an eval run's.
 *
 * @example
 * ```ts
 * isEvalSessionId('___eval___session___6f1c'); // true
 * isEvalSessionId('s1');                        // false
 * ```
 */
export function isEvalSessionId(sessionId: string): boolean {
  return sessionId.startsWith(EVAL_SESSION_ID_PREFIX);
}
