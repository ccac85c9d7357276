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
  if (isPlainJsonLeaf(value)) return { ok: true, value };
  const walker = new JsonWalker();
  if (!walker.walk(value, 0)) return { ok: false, reason: walker.problem };
  if (!walker.needsRoundTrip) return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(JSON.stringify(value)) as unknown };
  } catch (error) {
    return { ok: false, reason: `it cannot be serialised (${messageOf(error)})` };
  }
}

/**
 * One walk over a value: the first problem found, and whether a `toJSON` or a class instance was met.
 * The path to the value being walked is kept as a stack of keys and indexes, and printed only when
 * a problem is found (a tool's result is walked on every call, and is almost always fine).
 */
class JsonWalker {
  problem = '';
  needsRoundTrip = false;
  private readonly ancestors = new Set<object>();
  private readonly steps: Array<string | number> = [];

  walk(value: unknown, depth: number): boolean {
    switch (typeof value) {
      case 'bigint':
        return this.fail('a BigInt');
      case 'function':
        return this.fail('a function');
      case 'symbol':
        return this.fail('a symbol');
      case 'object':
        return value === null || this.walkObject(value, depth);
      default:
        return true;
    }
  }

  private walkObject(value: object, depth: number): boolean {
    if (depth >= MAX_JSON_DEPTH) return this.fail(`nesting deeper than ${MAX_JSON_DEPTH} levels`);
    if (value instanceof Map) return this.fail('a Map');
    if (value instanceof Set) return this.fail('a Set');
    if (this.ancestors.has(value)) return this.fail('a cycle');
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return this.walkToJson(value, depth);
    if (!Array.isArray(value) && !isPlainObject(value)) this.needsRoundTrip = true;
    this.ancestors.add(value);
    const ok = Array.isArray(value) ? this.walkItems(value, depth) : this.walkEntries(value as Record<string, unknown>, depth);
    this.ancestors.delete(value);
    return ok;
  }

  /** An array's items, in order (a hole is `undefined`, which is fine), up to the first problem. */
  private walkItems(value: readonly unknown[], depth: number): boolean {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (!isPlainJsonLeaf(item) && !this.walkStep(i, item, depth)) return false;
    }
    return true;
  }

  /**
   * An object's own enumerable values, in `Object.keys` order (undefined ones skipped, as JSON
   * drops them), up to the first problem. The values are read in one pass (`Object.values`: one
   * lookup each, where `value[key]` hashed every key of a wide object, such as a join's input
   * after a 100-wide fan-out); the keys, for the path, only once a value is not a plain leaf.
   */
  private walkEntries(value: Record<string, unknown>, depth: number): boolean {
    const values = Object.values(value);
    let keys: string[] | undefined;
    for (let i = 0; i < values.length; i++) {
      const item = values[i];
      if (isPlainJsonLeaf(item)) continue;
      keys ??= Object.keys(value);
      if (!this.walkStep(keys[i]!, item, depth)) return false;
    }
    return true;
  }

  /** Walks one member, its key or index on the path; a problem found keeps the path as it was found. */
  private walkStep(step: string | number, item: unknown, depth: number): boolean {
    this.steps.push(step);
    const ok = this.walk(item, depth + 1);
    if (ok) this.steps.pop();
    return ok;
  }

  private walkToJson(value: object, depth: number): boolean {
    this.needsRoundTrip = true;
    let replaced: unknown;
    try {
      replaced = (value as { toJSON: (key: string) => unknown }).toJSON('');
    } catch (error) {
      return this.fail(`a toJSON that throws (${messageOf(error)})`);
    }
    if (replaced === value) return true;
    this.ancestors.add(value);
    const ok = this.walk(replaced, depth + 1);
    this.ancestors.delete(value);
    return ok;
  }

  private fail(what: string): false {
    const path = this.steps.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('');
    this.problem = `${what} at ${path || 'the top level'}`;
    return false;
  }
}

/** `undefined` (JSON drops it), `null`, a string, a number or a boolean: its own JSON value, no walk and no step on the path. */
function isPlainJsonLeaf(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return true;
    case 'object':
      return value === null;
    default:
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
