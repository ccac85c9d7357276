import type { Event } from '../events/event.js';
import { State } from './state.js';

/**
 * Applies a state delta to `state`, in place: a `null` value deletes the key. Returns `state`.
 *
 * @example
 * ```ts
 * applyStateDelta({ a: 1, b: 2 }, { a: 3, b: null, c: 4 }); // { a: 3, c: 4 }
 * ```
 */
export function applyStateDelta(
  state: Record<string, unknown>,
  delta: Record<string, unknown>,
): Record<string, unknown> {
  for (const key in delta) {
    const value = delta[key];
    if (value === null || value === undefined) delete state[key];
    else state[key] = value;
  }
  return state;
}

/**
 * True for keys that live for one invocation only (`temp:`).
 *
 * @example
 * ```ts
 * isTempKey('temp:scratch'); // true
 * ```
 */
export function isTempKey(key: string): boolean {
  return key.startsWith(State.TEMP_PREFIX);
}

/**
 * The event as it is stored: the same object when its delta has no `temp:` key, else a copy whose
 * `stateDelta` omits them.
 *
 * @example
 * ```ts
 * withoutTempKeys(createEvent({ author: 'a', actions: { stateDelta: { 'temp:x': 1, y: 2 } } }))
 *   .actions.stateDelta; // { y: 2 }
 * ```
 */
export function withoutTempKeys(event: Event): Event {
  const delta = event.actions.stateDelta;
  let hasTemp = false;
  for (const key in delta) {
    if (isTempKey(key)) {
      hasTemp = true;
      break;
    }
  }
  if (!hasTemp) return event;
  const kept: Record<string, unknown> = {};
  for (const key in delta) if (!isTempKey(key)) kept[key] = delta[key];
  return { ...event, actions: { ...event.actions, stateDelta: kept } };
}

/** A state delta split by scope, as the session stores keep it. */
export interface ScopedStateDelta {
  app: Record<string, unknown>;
  user: Record<string, unknown>;
  session: Record<string, unknown>;
}

/**
 * Splits a delta into its `app:`, `user:` and session-scoped parts (keys keep their prefixes);
 * `temp:` keys are dropped.
 *
 * @example
 * ```ts
 * splitStateDelta({ 'app:theme': 'dark', 'user:lang': 'fr', step: 2, 'temp:t': 1 });
 * // { app: { 'app:theme': 'dark' }, user: { 'user:lang': 'fr' }, session: { step: 2 } }
 * ```
 */
export function splitStateDelta(delta: Record<string, unknown>): ScopedStateDelta {
  const scoped: ScopedStateDelta = { app: {}, user: {}, session: {} };
  for (const key in delta) {
    if (isTempKey(key)) continue;
    if (key.startsWith(State.APP_PREFIX)) scoped.app[key] = delta[key];
    else if (key.startsWith(State.USER_PREFIX)) scoped.user[key] = delta[key];
    else scoped.session[key] = delta[key];
  }
  return scoped;
}
