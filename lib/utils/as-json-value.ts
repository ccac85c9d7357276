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
  // a string, number, boolean, null or undefined is its own JSON value: no walk (a workflow node's output, on every step)
  if (value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'bigint' && typeof value !== 'symbol')) return { ok: true, value };
  const walker = new JsonWalker();
  if (!walker.walk(value, '', 0)) return { ok: false, reason: walker.problem };
  if (!walker.needsRoundTrip) return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(JSON.stringify(value)) as unknown };
  } catch (error) {
    return { ok: false, reason: `it cannot be serialised (${messageOf(error)})` };
  }
}

/** One walk over a value: the first problem found, and whether a `toJSON` or a class instance was met. */
class JsonWalker {
  problem = '';
  needsRoundTrip = false;
  private readonly ancestors = new Set<object>();

  walk(value: unknown, path: string, depth: number): boolean {
    switch (typeof value) {
      case 'bigint':
        return this.fail('a BigInt', path);
      case 'function':
        return this.fail('a function', path);
      case 'symbol':
        return this.fail('a symbol', path);
      case 'object':
        return value === null || this.walkObject(value, path, depth);
      default:
        return true;
    }
  }

  private walkObject(value: object, path: string, depth: number): boolean {
    if (depth >= MAX_JSON_DEPTH) return this.fail(`nesting deeper than ${MAX_JSON_DEPTH} levels`, path);
    if (value instanceof Map) return this.fail('a Map', path);
    if (value instanceof Set) return this.fail('a Set', path);
    if (this.ancestors.has(value)) return this.fail('a cycle', path);
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return this.walkToJson(value, path, depth);
    if (!Array.isArray(value) && !isPlainObject(value)) this.needsRoundTrip = true;
    return this.within(value, () =>
      Array.isArray(value)
        ? value.every((item, i) => this.walk(item, `${path}[${i}]`, depth + 1))
        : Object.entries(value).every(([key, item]) => item === undefined || this.walk(item, `${path}.${key}`, depth + 1)),
    );
  }

  private walkToJson(value: object, path: string, depth: number): boolean {
    this.needsRoundTrip = true;
    let replaced: unknown;
    try {
      replaced = (value as { toJSON: (key: string) => unknown }).toJSON('');
    } catch (error) {
      return this.fail(`a toJSON that throws (${messageOf(error)})`, path);
    }
    return replaced === value || this.within(value, () => this.walk(replaced, path, depth + 1));
  }

  /** Walks `value`'s contents with `value` on the path of ancestors (what a cycle would come back to). */
  private within(value: object, walkContents: () => boolean): boolean {
    this.ancestors.add(value);
    const ok = walkContents();
    this.ancestors.delete(value);
    return ok;
  }

  private fail(what: string, path: string): false {
    this.problem = `${what} at ${path || 'the top level'}`;
    return false;
  }
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
