const KEEP_KEYS_OF = new Set(['args', 'response', 'properties', 'state_delta', 'stateDelta', 'payload']);

/**
 * snake_case → camelCase object keys, recursively, as ADK's Python serialisation maps to rxadk's
 * names. The keys *inside* data-carrying fields (function-call `args`, `response`, schema
 * `properties`, `state_delta`) are data and stay as they are; their values' own structure is
 * still converted where it is framework structure (a schema under `properties`).
 *
 * @example
 * ```ts
 * camelizeKeys({ max_output_tokens: 5, function_call: { args: { user_id: 1 } } });
 * // { maxOutputTokens: 5, functionCall: { args: { user_id: 1 } } }
 * ```
 */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [camelCase(key), convertField(key, v)]),
  );
}

function convertField(key: string, value: unknown): unknown {
  if (!KEEP_KEYS_OF.has(key)) return camelizeKeys(value);
  if (key === 'properties' && value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, camelizeKeys(v)]));
  }
  return value;
}

/**
 * `max_output_tokens` → `maxOutputTokens`.
 *
 * @example
 * ```ts
 * camelCase('max_output_tokens'); // 'maxOutputTokens'
 * ```
 */
export function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
