/** Where two JSON values first differ. */
export interface Difference {
  /** A readable path, e.g. `contents[1].parts[0].text`. */
  path: string;
  expected: unknown;
  actual: unknown;
}

/**
 * The first difference between two JSON values, comparing objects regardless of key order
 * (`undefined` members count as absent), or `undefined` when they are equal.
 *
 * @example
 * ```ts
 * firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }); // { path: 'a[1].b', expected: 2, actual: 3 }
 * ```
 */
export function firstDifference(expected: unknown, actual: unknown, path = ''): Difference | undefined {
  if (Object.is(expected, actual)) return undefined;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      if (i >= expected.length || i >= actual.length) return { path: `${path}[${i}]`, expected: expected[i], actual: actual[i] };
      const diff = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (diff) return diff;
    }
    return undefined;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    for (const key of keys) {
      const e = expected[key];
      const a = actual[key];
      if (e === undefined && a === undefined) continue;
      const diff = firstDifference(e, a, path ? `${path}.${key}` : key);
      if (diff) return diff;
    }
    return undefined;
  }
  if (typeof expected === 'string' && typeof actual === 'string') return stringDifference(path || '(root)', expected, actual);
  return { path: path || '(root)', expected, actual };
}

/** Two strings: the position of the first different character, and the text around it. */
function stringDifference(path: string, expected: string, actual: string): Difference {
  if (expected.length < 60 && actual.length < 60) return { path, expected, actual };
  let at = 0;
  while (at < expected.length && at < actual.length && expected[at] === actual[at]) at++;
  if (at < 40) return { path: `${path} (at character ${at})`, expected, actual };
  const from = at - 30;
  return { path: `${path} (at character ${at})`, expected: `…${expected.slice(from)}`, actual: `…${actual.slice(from)}` };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A short, one-line rendering of a value for a difference report.
 *
 * @example
 * ```ts
 * preview({ a: 1 }); // '{"a":1}'
 * preview(undefined); // '(absent)'
 * ```
 */
export function preview(value: unknown, max = 160): string {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
