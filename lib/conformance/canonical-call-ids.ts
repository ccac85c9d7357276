/** Anything with content parts that may hold function calls (a recorded or a produced event). */
interface WithParts {
  readonly content?: { readonly parts?: ReadonlyArray<{ readonly functionCall?: { readonly id?: string; readonly name?: string } }> } | unknown;
}

/**
 * The function-call ids of a session, each mapped to `<name>#<k>`: the k-th call of that name in
 * the events' order. Two sessions that made the same calls get the same names, whatever ids
 * their runtimes generated (`fc-1` in ADK's recordings, `adk-…` in rxadk).
 *
 * @example
 * ```ts
 * canonicalCallIds([{ content: { parts: [{ functionCall: { id: 'fc-1', name: 'adk_request_input' } }] } }]);
 * // Map { 'fc-1' => 'adk_request_input#1' }
 * ```
 */
export function canonicalCallIds(events: readonly WithParts[]): Map<string, string> {
  const ids = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const event of events) {
    const parts = (event.content as { parts?: Array<{ functionCall?: { id?: string; name?: string } }> } | undefined)?.parts ?? [];
    for (const { functionCall } of parts) {
      if (!functionCall?.id || ids.has(functionCall.id)) continue;
      const name = functionCall.name ?? '';
      const k = (counts.get(name) ?? 0) + 1;
      counts.set(name, k);
      ids.set(functionCall.id, `${name}#${k}`);
    }
  }
  return ids;
}

/**
 * `value` with every function-call id replaced by its canonical name: strings equal to an id
 * (call and response ids, `longRunningToolIds`, an `adk_request_input`'s `interruptId`) and the
 * run id of a path segment or branch (`calculate_discount@fc-2`).
 *
 * @example
 * ```ts
 * replaceCallIds({ branch: 'calculate_discount@fc-2' }, new Map([['fc-2', 'calculate_discount#1']]));
 * // { branch: 'calculate_discount@calculate_discount#1' }
 * ```
 */
export function replaceCallIds<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (ids.size === 0) return value;
  return replaceIn(value, ids) as T;
}

function replaceIn(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return replaceString(value, ids);
  if (Array.isArray(value)) return value.map((v) => replaceIn(v, ids));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceIn(v, ids)]));
  }
  return value;
}

function replaceString(value: string, ids: ReadonlyMap<string, string>): string {
  const whole = ids.get(value);
  if (whole !== undefined) return whole;
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  const run = ids.get(value.slice(at + 1));
  return run === undefined ? value : `${value.slice(0, at + 1)}${run}`;
}
