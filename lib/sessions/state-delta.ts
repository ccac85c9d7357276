// The state-scoping rules, defined once. The session reducer (applyEvent / commitEvent), State and
// every session store (in memory, SQLite, PostgreSQL) read and write state deltas only through
// these functions:
// - a key's prefix chooses its scope: `app:`, `user:`, `temp:`, none (the session);
// - a `null` (or `undefined`) value deletes the key;
// - `temp:` keys are stripped from the stored event and never persisted, yet the live session
//   holds them for the rest of the invocation.
// Keys are data: reads look at own keys only and a write never changes a prototype, so keys
// such as `__proto__` or `constructor` are ordinary state keys.
import type { Event } from '../events/event.js';

/** The scope a state key lives in, chosen by its prefix. */
export type StateScope = 'app' | 'user' | 'temp' | 'session';

/** The key prefix of each shared or short-lived scope (also `State.APP_PREFIX`, ...). */
export const STATE_PREFIXES = { app: 'app:', user: 'user:', temp: 'temp:' } as const;

/**
 * The scope of a state key: `app:` (every user of the app), `user:` (every session of one user),
 * `temp:` (this invocation only), anything else the session.
 *
 * @example
 * ```ts
 * stateScopeOf('user:lang'); // 'user'
 * stateScopeOf('step');      // 'session'
 * ```
 */
export function stateScopeOf(key: string): StateScope {
  if (key.startsWith(STATE_PREFIXES.app)) return 'app';
  if (key.startsWith(STATE_PREFIXES.user)) return 'user';
  if (key.startsWith(STATE_PREFIXES.temp)) return 'temp';
  return 'session';
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
  return stateScopeOf(key) === 'temp';
}

/**
 * True when a delta value deletes its key (`null`, or `undefined`).
 *
 * @example
 * ```ts
 * isStateDeletion(null); // true
 * isStateDeletion(0);    // false
 * ```
 */
export function isStateDeletion(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/**
 * Reads an own key of a state record (never an inherited one such as `constructor`).
 *
 * @example
 * ```ts
 * readStateKey({ a: 1 }, 'a');           // 1
 * readStateKey({ a: 1 }, 'constructor'); // undefined
 * ```
 */
export function readStateKey(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Sets an own key of a record, in place, as data: `__proto__` becomes an ordinary key and never
 * changes the record's prototype.
 *
 * @example
 * ```ts
 * const record = defineStateKey({}, '__proto__', { polluted: true });
 * Object.getPrototypeOf(record) === Object.prototype; // true
 * record['__proto__'];                                 // { polluted: true }
 * ```
 */
export function defineStateKey(record: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  if (key === '__proto__') Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  else record[key] = value;
  return record;
}

/**
 * Writes one delta entry into a state record, in place: a deletion ({@link isStateDeletion})
 * removes the key, anything else sets it.
 *
 * @example
 * ```ts
 * writeStateKey({ a: 1, b: 2 }, 'b', null); // { a: 1 }
 * ```
 */
export function writeStateKey(record: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  if (isStateDeletion(value)) delete record[key];
  else defineStateKey(record, key, value);
  return record;
}

/**
 * Where {@link applyScopedStateDelta} writes the keys of each scope. The keys of a scope without
 * a record are dropped. Keys keep their prefixes wherever they land.
 */
export type StateTargets = Partial<Record<StateScope, Record<string, unknown>>>;

/**
 * Applies a state delta, in place, to the record of each key's scope (`null` deletes); keys of a
 * scope that `targets` leaves out are dropped. Stores pass their app, user and session records
 * and no `temp` record, so `temp:` keys are never persisted.
 *
 * @example
 * ```ts
 * const app = {}, user = {}, session = {};
 * applyScopedStateDelta({ app, user, session }, { 'app:theme': 'dark', step: 2, 'temp:t': 1 });
 * app;     // { 'app:theme': 'dark' }
 * session; // { step: 2 }  ('temp:t' was dropped)
 * ```
 */
export function applyScopedStateDelta(targets: StateTargets, delta: Readonly<Record<string, unknown>>): void {
  // own keys, in order, without an array of them: most events' deltas are empty
  for (const key in delta) {
    if (!Object.hasOwn(delta, key)) continue;
    const target = targets[stateScopeOf(key)];
    if (target) writeStateKey(target, key, delta[key]);
  }
}

/**
 * True when a state delta has no key: nothing to apply, no scope to look up.
 *
 * @example
 * ```ts
 * isEmptyStateDelta({});        // true
 * isEmptyStateDelta({ a: null }); // false (a deletion is a change)
 * ```
 */
export function isEmptyStateDelta(delta: Readonly<Record<string, unknown>>): boolean {
  for (const key in delta) if (Object.hasOwn(delta, key)) return false;
  return true;
}

/** The targets of an empty delta: it writes nowhere, so none is looked up or built. */
export const NO_STATE_TARGETS: StateTargets = Object.freeze({});

/**
 * The targets of a live session's state: every scope, `temp:` included, lands in its one merged
 * `state` record, so that `temp:` values stay readable for the rest of the invocation.
 *
 * @example
 * ```ts
 * applyScopedStateDelta(liveStateTargets(session.state), event.actions.stateDelta);
 * ```
 */
export function liveStateTargets(state: Record<string, unknown>): StateTargets {
  return { app: state, user: state, session: state, temp: state };
}

/**
 * Applies a state delta to a live (merged) state record, in place: a `null` value deletes the key,
 * every scope (`temp:` included) lands in `state`. Returns `state`.
 *
 * @example
 * ```ts
 * applyStateDelta({ a: 1, b: 2 }, { a: 3, b: null, c: 4 }); // { a: 3, c: 4 }
 * ```
 */
export function applyStateDelta(
  state: Record<string, unknown>,
  delta: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  applyScopedStateDelta(liveStateTargets(state), delta);
  return state;
}

/**
 * The event as it is stored: the same object when its delta has no `temp:` key, else a new event
 * whose `stateDelta` omits them. The given event is never modified.
 *
 * @example
 * ```ts
 * withoutTempKeys(createEvent({ author: 'a', actions: { stateDelta: { 'temp:x': 1, y: 2 } } }))
 *   .actions.stateDelta; // { y: 2 }
 * ```
 */
export function withoutTempKeys(event: Event): Event {
  const delta = event.actions.stateDelta;
  if (!hasTempKey(delta)) return event;
  const keys = Object.keys(delta);
  const kept: Record<string, unknown> = {};
  for (const key of keys) if (!isTempKey(key)) defineStateKey(kept, key, delta[key]);
  return { ...event, actions: { ...event.actions, stateDelta: kept } };
}

/** True when one of the delta's own keys is a `temp:` key (no array of its keys is built). */
function hasTempKey(delta: Readonly<Record<string, unknown>>): boolean {
  for (const key in delta) if (Object.hasOwn(delta, key) && isTempKey(key)) return true;
  return false;
}

/** A state delta split by scope, as the session stores keep it (deletions kept as `null`). */
export interface ScopedStateDelta {
  app: Record<string, unknown>;
  user: Record<string, unknown>;
  session: Record<string, unknown>;
}

/**
 * Splits a delta into its `app:`, `user:` and session-scoped parts (keys keep their prefixes,
 * deletions stay `null`); `temp:` keys are dropped. The stores that write a delta as rows use it.
 *
 * @example
 * ```ts
 * splitStateDelta({ 'app:theme': 'dark', 'user:lang': 'fr', step: 2, gone: null, 'temp:t': 1 });
 * // { app: { 'app:theme': 'dark' }, user: { 'user:lang': 'fr' }, session: { step: 2, gone: null } }
 * ```
 */
export function splitStateDelta(delta: Readonly<Record<string, unknown>>): ScopedStateDelta {
  const scoped: ScopedStateDelta = { app: {}, user: {}, session: {} };
  for (const key of Object.keys(delta)) {
    const scope = stateScopeOf(key);
    if (scope !== 'temp') defineStateKey(scoped[scope], key, isStateDeletion(delta[key]) ? null : delta[key]);
  }
  return scoped;
}
