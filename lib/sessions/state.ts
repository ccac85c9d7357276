import { applyStateDelta, defineStateKey, isStateDeletion, readStateKey, STATE_PREFIXES } from './state-delta.js';

/** Read access to session state (what a {@link ReadonlyContext} exposes). */
export interface ReadonlyState {
  get<T = unknown>(key: string): T | undefined;
  has(key: string): boolean;
  /** A snapshot of the current values, delta included. */
  toRecord(): Record<string, unknown>;
}

/**
 * Session state as contexts see it: a write-through view. A write goes both to the live session
 * state (so later code in the same invocation reads it: the seeds' "dirty read") and to the delta
 * of the event being built (so the Runner commits it).
 *
 * Key prefixes choose the scope: `app:` (every user of the app), `user:` (every session of one
 * user), `temp:` (this invocation only; never persisted), none (this session).
 *
 * @example
 * ```ts
 * const live = { count: 1 };
 * const delta = {};
 * const state = new State(live, delta);
 * state.set('count', 2);
 * live;  // { count: 2 }
 * delta; // { count: 2 }
 * state.delete('count');
 * delta; // { count: null }  — null deletes the key when committed
 * ```
 */
export class State implements ReadonlyState {
  static readonly APP_PREFIX: string = STATE_PREFIXES.app;
  static readonly USER_PREFIX: string = STATE_PREFIXES.user;
  static readonly TEMP_PREFIX: string = STATE_PREFIXES.temp;

  constructor(
    private readonly value: Record<string, unknown>,
    private readonly delta: Record<string, unknown> = {},
  ) {}

  get<T = unknown>(key: string): T | undefined {
    if (Object.hasOwn(this.delta, key)) {
      const pending = this.delta[key];
      return (pending === null ? undefined : pending) as T | undefined;
    }
    return readStateKey(this.value, key) as T | undefined;
  }

  has(key: string): boolean {
    if (Object.hasOwn(this.delta, key)) return this.delta[key] !== null;
    return Object.hasOwn(this.value, key);
  }

  /** Sets `key`; setting `null` or `undefined` deletes it. */
  set(key: string, value: unknown): void {
    if (isStateDeletion(value)) {
      this.delete(key);
      return;
    }
    defineStateKey(this.value, key, value);
    defineStateKey(this.delta, key, value);
  }

  /** Sets every key of `record`. */
  update(record: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(record)) this.set(key, value);
  }

  /** Deletes `key` (recorded as `null` in the delta). */
  delete(key: string): void {
    delete this.value[key];
    defineStateKey(this.delta, key, null);
  }

  toRecord(): Record<string, unknown> {
    return applyStateDelta({ ...this.value }, this.delta);
  }

  /** True when this view has written anything. */
  hasDelta(): boolean {
    for (const key in this.delta) if (Object.hasOwn(this.delta, key)) return true;
    return false;
  }
}
