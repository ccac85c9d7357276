import type { JsonPatchOperation } from '@ag-ui/core';
import { isTempKey } from '../sessions/state-delta.js';

/**
 * What {@link statePatch} returns: the JSON Patch and the state after it.
 *
 * @example
 * ```ts
 * const { patch, state }: StatePatch = statePatch({ n: 1 }, { n: 2 });
 * ```
 */
export interface StatePatch {
  patch: JsonPatchOperation[];
  state: Readonly<Record<string, unknown>>;
}

/**
 * A state delta (top-level keys, `null` deletes, `temp:` keys never stored) as an RFC 6902 JSON
 * Patch against `state`, the state a client holds: `add` for a new key, `replace` for a known
 * one, `remove` for a deleted one that is there (deleting a missing key is no operation). Applied
 * to `state` by any JSON Patch library it gives the returned `state`, the stored state.
 *
 * @example
 * ```ts
 * statePatch({ a: 1, b: 2 }, { a: 3, b: null, 'x/y': true, 'temp:t': 0 }).patch;
 * // [{ op: 'replace', path: '/a', value: 3 }, { op: 'remove', path: '/b' }, { op: 'add', path: '/x~1y', value: true }]
 * ```
 */
export function statePatch(state: Readonly<Record<string, unknown>>, delta: Readonly<Record<string, unknown>>): StatePatch {
  const next: Record<string, unknown> = { ...state };
  const patch: JsonPatchOperation[] = [];
  for (const [key, value] of Object.entries(delta)) {
    if (isTempKey(key)) continue;
    const path = `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const known = Object.hasOwn(next, key);
    if (value === null || value === undefined) {
      if (!known) continue;
      delete next[key];
      patch.push({ op: 'remove', path });
    } else {
      next[key] = value;
      patch.push({ op: known ? 'replace' : 'add', path, value });
    }
  }
  return { patch, state: next };
}

/**
 * The state a client may see: the session's state without `temp:` keys.
 *
 * @example
 * ```ts
 * storedState({ n: 1, 'temp:tools': [] }); // { n: 1 }
 * ```
 */
export function storedState(state: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).filter(([key]) => !isTempKey(key)));
}
