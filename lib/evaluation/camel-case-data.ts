/** Keys whose values are user data (function-call arguments, responses, state): their own keys stay as they are. */
const DATA_KEYS = new Set(['args', 'response', 'state', 'stateDelta', 'state_delta']);

/**
 * `function_call` → `functionCall`.
 *
 * @example
 * ```ts
 * camelCase('eval_set_id'); // 'evalSetId'
 * ```
 */
export function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * genai data in ADK's Python spelling (snake_case keys, `null` for absent) as rxadk's: camelCase
 * keys and no nulls, recursively, leaving the keys inside `args`, `response` and `state` alone.
 *
 * @example
 * ```ts
 * camelCaseData({ function_call: { name: 'f', args: { device_id: 1 } }, text: null });
 * // { functionCall: { name: 'f', args: { device_id: 1 } } }
 * ```
 */
export function camelCaseData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCaseData);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null)
      .map(([key, v]) => [camelCase(key), DATA_KEYS.has(key) ? v : camelCaseData(v)]),
  );
}
