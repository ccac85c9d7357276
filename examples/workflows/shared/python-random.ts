/** Python's `random.randint(a, b)`: an integer in [a, b], both ends included. */
export type Randint = (low: number, high: number) => number;

/** Python's `random.random()`: a float in [0, 1). */
export type Random = () => number;

/**
 * `random.randint` on `Math.random`: an integer in [low, high], both ends included.
 *
 * @example
 * ```ts
 * pythonRandint(0, 10); // 0 … 10
 * ```
 */
export const pythonRandint: Randint = (low, high) => low + Math.floor(Math.random() * (high - low + 1));

/**
 * `random.random` on `Math.random`.
 *
 * @example
 * ```ts
 * pythonRandom() < 0.7; // true 70% of the time
 * ```
 */
export const pythonRandom: Random = () => Math.random();
