/**
 * Python's `json.dumps(value)` with its defaults: `", "` and `": "` separators and every
 * non-ASCII character escaped as `\uXXXX`. ADK Python stores dict and list metadata values
 * (`adk_custom_metadata`) this way, so rxadk writes the same bytes.
 *
 * @example
 * ```ts
 * pythonJsonDumps({ a: [1, 2], b: 'é' }); // '{"a": [1, 2], "b": "\\u00e9"}'
 * ```
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${asciiJson(k)}: ${pythonJsonDumps(v)}`).join(', ')}}`;
  }
  if (typeof value === 'string') return asciiJson(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  return JSON.stringify(value);
}

function asciiJson(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
