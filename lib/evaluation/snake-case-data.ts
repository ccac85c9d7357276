/** Keys whose values are user data (function-call arguments, responses, state): their own keys stay as they are. */
const DATA_KEYS = new Set(['args', 'response', 'state', 'stateDelta', 'state_delta']);

/**
 * `functionCall` → `function_call`.
 *
 * @example
 * ```ts
 * snakeCase('evalSetId'); // 'eval_set_id'
 * ```
 */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * rxadk's data (camelCase keys) in ADK Python's spelling, as its `*.evalset.json` files are
 * written: snake_case keys, recursively, leaving the keys inside `args`, `response` and `state`
 * alone; `undefined` values dropped.
 *
 * @example
 * ```ts
 * snakeCaseData({ evalSetId: 's', evalCases: [{ sessionInput: { state: { userName: '' } } }] });
 * // { eval_set_id: 's', eval_cases: [{ session_input: { state: { userName: '' } } }] }
 * ```
 */
export function snakeCaseData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseData);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([key, v]) => [snakeCase(key), DATA_KEYS.has(key) ? v : snakeCaseData(v)]),
  );
}
