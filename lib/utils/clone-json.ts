/**
 * A deep copy of plain JSON-like data (objects, arrays, primitives) — several times faster than
 * `structuredClone` for the small schemas and declarations copied on every model call.
 *
 * @example
 * ```ts
 * const copy = cloneJson({ a: [1, { b: 2 }] });
 * ```
 */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = cloneJson((value as Record<string, unknown>)[key]);
  return out as T;
}
