/**
 * Normalises an optional single value or array (the shape of every callback option) to an array.
 *
 * @example
 * ```ts
 * asArray(undefined); // []
 * asArray(cb);        // [cb]
 * asArray([a, b]);    // [a, b]
 * ```
 */
export function asArray<T>(value: T | readonly T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}
