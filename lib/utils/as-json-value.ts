/** How deep a tool result may nest before it is refused (JSON itself has no limit; stores and models do). */
export const MAX_JSON_DEPTH = 512;

/** The outcome of {@link asJsonValue}: the value as JSON data, or why it is not JSON. */
export type JsonCheck = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * Checks that `value` survives `JSON.stringify` → `JSON.parse` faithfully, and returns it as plain
 * JSON data. Refused, with the path of the first problem: BigInts, cycles, functions, symbols,
 * Maps, Sets, a `toJSON` that throws, and nesting deeper than {@link MAX_JSON_DEPTH}. A value with
 * `toJSON` (a Date) or a class instance is returned as its JSON round trip; plain data is returned
 * as it is, uncopied. Never throws.
 *
 * ```
 * { n: 1 }             → ok, the same object
 * { at: new Date(0) }  → ok, { at: '1970-01-01T00:00:00.000Z' }
 * { n: 10n }           → refused: 'a BigInt at .n'
 * a = {}; a.self = a   → refused: 'a cycle at .self'
 * ```
 *
 * @example
 * ```ts
 * const check = asJsonValue(result);
 * if (!check.ok) return { error: `Tool lookup returned a result that is not JSON: ${check.reason}.` };
 * ```
 */
export function asJsonValue(value: unknown): JsonCheck {
  const problem = { reason: '' };
  const needsRoundTrip = { value: false };
  if (!walk(value, '', 0, new Set(), problem, needsRoundTrip)) return { ok: false, reason: problem.reason };
  if (!needsRoundTrip.value) return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(JSON.stringify(value)) as unknown };
  } catch (error) {
    return { ok: false, reason: `it cannot be serialised (${error instanceof Error ? error.message : String(error)})` };
  }
}

function walk(
  value: unknown,
  path: string,
  depth: number,
  ancestors: Set<object>,
  problem: { reason: string },
  roundTrip: { value: boolean },
): boolean {
  const fail = (what: string): false => {
    problem.reason = `${what} at ${path || 'the top level'}`;
    return false;
  };
  switch (typeof value) {
    case 'bigint':
      return fail('a BigInt');
    case 'function':
      return fail('a function');
    case 'symbol':
      return fail('a symbol');
    case 'object':
      break;
    default:
      return true;
  }
  if (value === null) return true;
  if (depth >= MAX_JSON_DEPTH) return fail(`nesting deeper than ${MAX_JSON_DEPTH} levels`);
  if (value instanceof Map) return fail('a Map');
  if (value instanceof Set) return fail('a Set');
  if (ancestors.has(value)) return fail('a cycle');
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return viaToJson(value, path, depth, ancestors, problem, roundTrip);
  if (!Array.isArray(value) && !isPlainObject(value)) roundTrip.value = true;
  ancestors.add(value);
  const ok = Array.isArray(value)
    ? value.every((item, i) => walk(item, `${path}[${i}]`, depth + 1, ancestors, problem, roundTrip))
    : Object.keys(value).every((key) => walkProperty(value as Record<string, unknown>, key, path, depth, ancestors, problem, roundTrip));
  ancestors.delete(value);
  return ok;
}

function walkProperty(
  record: Record<string, unknown>,
  key: string,
  path: string,
  depth: number,
  ancestors: Set<object>,
  problem: { reason: string },
  roundTrip: { value: boolean },
): boolean {
  const item = record[key];
  if (item === undefined) return true;
  return walk(item, `${path}.${key}`, depth + 1, ancestors, problem, roundTrip);
}

function viaToJson(
  value: object,
  path: string,
  depth: number,
  ancestors: Set<object>,
  problem: { reason: string },
  roundTrip: { value: boolean },
): boolean {
  roundTrip.value = true;
  let replaced: unknown;
  try {
    replaced = (value as { toJSON: (key: string) => unknown }).toJSON('');
  } catch (error) {
    problem.reason = `a toJSON that throws (${error instanceof Error ? error.message : String(error)}) at ${path || 'the top level'}`;
    return false;
  }
  ancestors.add(value);
  const ok = replaced === value || walk(replaced, path, depth + 1, ancestors, problem, roundTrip);
  ancestors.delete(value);
  return ok;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
