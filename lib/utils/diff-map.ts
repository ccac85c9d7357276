/**
 * An immutable map from strings to values whose newest version is as cheap to change as a `Map`
 * (a persistent "diff map", after Baker's diff arrays): `set` and `delete` return a new map and
 * leave the map they were called on as it was. Keys are compared as a `Map` compares them; it has
 * no iteration order.
 *
 * Why a mutable structure behind a pure API: a reducer that keeps a map in its state (the
 * workflow scheduler's per-node table, two writes per node step) changes one key per message and
 * almost always goes on from the newest version. A hash trie copies the path to the key on every
 * write (a 32-slot array and more per write, the biggest allocation of a fan-out's step); here
 * the newest version owns one `Map`, which a write changes in place, and the version written to
 * becomes an undo record (the key and its value there, and the newer version). Every version stays
 * readable and unchanged, as the specs pin:
 * - reading an older version walks its undo records up to the newest (as many steps as writes
 *   since it);
 * - writing an older version (a fork) copies the entries it holds into a `Map` of its own first.
 *
 * An older version keeps the newer ones alive, not the other way round: a reducer that drops its
 * old states drops their records. The empty map is shared and never changed (a write to it makes
 * a new `Map`), so holding it holds nothing.
 *
 * @example
 * ```ts
 * const a = DiffMap.empty<number>().set('x', 1);
 * const b = a.set('y', 2).delete('x');
 * a.get('x'); // 1 (a is unchanged)
 * b.has('x'); // false
 * b.size;     // 1
 * ```
 */
export class DiffMap<V> {
  /** The newest version's entries (`undefined` in an older version and in the empty map). */
  private entries: Map<string, V> | undefined;
  /** An older version: the version after it, which differs from it in `key` only. */
  private newer: DiffMap<V> | undefined;
  /** An older version: the key the next write changed, whether this version has it, and its value here. */
  private key: string | undefined;
  private had: boolean;
  private value: V | undefined;

  private constructor(
    entries: Map<string, V> | undefined,
    /** How many keys the map holds. */
    readonly size: number,
  ) {
    this.entries = entries;
    this.newer = undefined;
    this.key = undefined;
    this.had = false;
    this.value = undefined;
  }

  /**
   * The empty map (one, shared: a write to it starts a map of its own).
   *
   * @example
   * ```ts
   * DiffMap.empty<string>().size; // 0
   * ```
   */
  static empty<V>(): DiffMap<V> {
    return DiffMap.EMPTY as DiffMap<V>;
  }

  /** The empty map: no entries and no newer version, never turned into an undo record. */
  private static readonly EMPTY = new DiffMap<never>(undefined, 0);

  /**
   * The value of `key`, or `undefined`.
   *
   * @example
   * ```ts
   * DiffMap.empty<number>().set('a', 1).get('a'); // 1
   * ```
   */
  get(key: string): V | undefined {
    for (let version: DiffMap<V> | undefined = this; version !== undefined; version = version.newer) {
      if (version.entries !== undefined) return version.entries.get(key);
      if (version.key === key) return version.value;
    }
    return undefined;
  }

  /**
   * Whether the map holds `key`.
   *
   * @example
   * ```ts
   * DiffMap.empty<number>().set('a', 1).has('b'); // false
   * ```
   */
  has(key: string): boolean {
    for (let version: DiffMap<V> | undefined = this; version !== undefined; version = version.newer) {
      if (version.entries !== undefined) return version.entries.has(key);
      if (version.key === key) return version.had;
    }
    return false;
  }

  /**
   * A map with `key` set to `value` (this map when it already holds that very value).
   *
   * @example
   * ```ts
   * DiffMap.empty<number>().set('a', 1).set('a', 2).get('a'); // 2
   * ```
   */
  set(key: string, value: V): DiffMap<V> {
    const old = this.get(key);
    const had = old !== undefined || this.has(key);
    if (had && Object.is(old, value)) return this;
    const entries = this.writable();
    entries.set(key, value);
    return this.succeededBy(entries, key, had, old, had ? this.size : this.size + 1);
  }

  /**
   * A map without `key` (this map when it has no `key`).
   *
   * @example
   * ```ts
   * DiffMap.empty<number>().set('a', 1).delete('a').size; // 0
   * ```
   */
  delete(key: string): DiffMap<V> {
    if (!this.has(key)) return this;
    const old = this.get(key);
    const entries = this.writable();
    entries.delete(key);
    return this.succeededBy(entries, key, true, old, this.size - 1);
  }

  /** The entries a write may change: the newest version's own, else (the empty map, an older version) a copy of this version's. */
  private writable(): Map<string, V> {
    return this.entries ?? this.copied();
  }

  /**
   * The version after a write of `key` (which had `old` here, if `had`) into `entries`. When
   * `entries` are this version's own, this version becomes the write's undo record.
   */
  private succeededBy(entries: Map<string, V>, key: string, had: boolean, old: V | undefined, size: number): DiffMap<V> {
    const next = new DiffMap<V>(entries, size);
    if (this.entries === entries) {
      this.entries = undefined;
      this.newer = next;
      this.key = key;
      this.had = had;
      this.value = old;
    }
    return next;
  }

  /** This version's entries in a new `Map`: the newest's, with the undo records from the newest back to this one applied. */
  private copied(): Map<string, V> {
    const records: Array<DiffMap<V>> = [];
    let version: DiffMap<V> = this;
    while (version.entries === undefined && version.newer !== undefined) {
      records.push(version);
      version = version.newer;
    }
    const entries = new Map(version.entries);
    for (let i = records.length - 1; i >= 0; i--) {
      const record = records[i]!;
      if (record.had) entries.set(record.key!, record.value as V);
      else entries.delete(record.key!);
    }
    return entries;
  }
}
