/**
 * Formats a JSON value the way Python's `str()` prints the equivalent dict/list/scalar: single
 * quotes, `None`, `True`/`False`, `{'k': 'v'}`. ADK shows other agents' tool calls and results to
 * the model in this form ("For context: [agent] called tool `x` with parameters: {'a': 1}"), so
 * rxadk reproduces it to build the same model requests.
 *
 * @example
 * ```ts
 * pythonRepr({ city: 'Paris', days: 3, ok: true, note: null }); // "{'city': 'Paris', 'days': 3, 'ok': True, 'note': None}"
 * ```
 */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${pythonString(k)}: ${pythonRepr(v)}`);
    return `{${entries.join(', ')}}`;
  }
  return pythonString(String(value));
}

function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  return String(value);
}

/**
 * Python's `repr()` of a string: single quotes unless the text has a `'` and no `"`.
 *
 * @example
 * ```ts
 * pythonString("it's"); // '"it\'s"'
 * ```
 */
export function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}
