import { randomId } from './random-id.js';

/** Produces unique ids for events, invocations and function calls. */
export type IdGenerator = () => string;

/**
 * The default {@link IdGenerator}: 21-character nanoid strings ({@link randomId}: nanoid's
 * alphabet and randomness, built as one string).
 *
 * @example
 * ```ts
 * defaultIdGenerator(); // 'V1StGXR8_Z5jdHi6B-myT'
 * ```
 */
export const defaultIdGenerator: IdGenerator = randomId;

/**
 * A deterministic {@link IdGenerator} for tests: `prefix-1`, `prefix-2`, ...
 *
 * @example
 * ```ts
 * const next = sequentialIds('e');
 * next(); // 'e-1'
 * next(); // 'e-2'
 * ```
 */
export function sequentialIds(prefix = 'id'): IdGenerator {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

/**
 * Unique ids at the cost of a counter: the first call takes one id from `idGenerator`, every call
 * returns it with the next count (`<id>-1`, `<id>-2`, ...). For ids that must be unique but are
 * made at a high rate and kept nowhere (a live conversation's audio frame events).
 *
 * @example
 * ```ts
 * const next = countedIds(sequentialIds('e'));
 * next(); // 'e-1-1'
 * next(); // 'e-1-2'
 * ```
 */
export function countedIds(idGenerator: IdGenerator): IdGenerator {
  let prefix: string | undefined;
  let n = 0;
  return () => `${(prefix ??= idGenerator())}-${++n}`;
}
