/**
 * An immutable array of optional values, indexed by small integers, whose newest version is as
 * cheap to change as a plain array: Baker's "diff array". `set` returns a new version and leaves
 * the version it was called on as it was; a slot never set (or set to `undefined`) is empty.
 *
 * Why a mutable structure behind a pure API: a reducer that keeps a table in its state (the
 * workflow scheduler's per-node tables, indexed by each node's place in its graph, two writes per
 * node step) changes one slot per message and almost always goes on from the newest version. The
 * newest version owns one array, which a write changes in place, and the version written to
 * becomes an undo record (the index and its value there, and the newer version). An index is
 * read with no hashing, which a `Map` of node names paid on every lookup. Every version stays
 * readable and unchanged, as the specs pin:
 * - reading an older version walks its undo records up to the newest (as many steps as writes
 *   since it);
 * - writing an older version (a fork) copies the slots it holds into an array of its own first.
 *
 * An older version keeps the newer ones alive, not the other way round: a reducer that drops its
 * old states drops their records. The empty array is shared and never changed (a write to it makes
 * a new array), so holding it holds nothing.
 *
 * ```
 * empty ──set(2, 'a')──► v1 ──set(0, 'b')──► v2        v1.get(0) === undefined (v1 is unchanged)
 * ```
 *
 * @example
 * ```ts
 * const a = DiffArray.empty<string>().set(2, 'x');
 * const b = a.set(0, 'y').set(2, undefined);
 * a.get(2); // 'x' (a is unchanged)
 * b.get(2); // undefined
 * b.get(0); // 'y'
 * ```
 */
export class DiffArray<V> {
  /** The newest version's slots (`undefined` in an older version and in the empty array). */
  private slots: Array<V | undefined> | undefined;
  /** An older version: the version after it, which differs from it at `index` only. */
  private newer: DiffArray<V> | undefined;
  /** An older version: the index the next write changed, and its value here. */
  private index: number;
  private value: V | undefined;

  private constructor(slots: Array<V | undefined> | undefined) {
    this.slots = slots;
    this.newer = undefined;
    this.index = -1;
    this.value = undefined;
  }

  /**
   * The empty array (one, shared: a write to it starts an array of its own).
   *
   * @example
   * ```ts
   * DiffArray.empty<string>().get(0); // undefined
   * ```
   */
  static empty<V>(): DiffArray<V> {
    return DiffArray.EMPTY as DiffArray<V>;
  }

  /** The empty array: no slots and no newer version, never turned into an undo record. */
  private static readonly EMPTY = new DiffArray<never>(undefined);

  /**
   * The value at `index`, or `undefined`.
   *
   * @example
   * ```ts
   * DiffArray.empty<number>().set(3, 1).get(3); // 1
   * ```
   */
  get(index: number): V | undefined {
    for (let version: DiffArray<V> | undefined = this; version !== undefined; version = version.newer) {
      const slots = version.slots;
      if (slots !== undefined) return index < slots.length ? slots[index] : undefined;
      if (version.index === index) return version.value;
    }
    return undefined;
  }

  /**
   * An array with `value` at `index` (`undefined` empties the slot); this array when it already
   * holds that very value there.
   *
   * @example
   * ```ts
   * DiffArray.empty<number>().set(0, 1).set(0, 2).get(0); // 2
   * ```
   */
  set(index: number, value: V | undefined): DiffArray<V> {
    const old = this.get(index);
    if (Object.is(old, value)) return this;
    const slots = this.slots ?? this.copied();
    // a slot past the end grows the array (a gap's slots read as undefined)
    while (slots.length < index) slots.push(undefined);
    slots[index] = value;
    const next = new DiffArray<V>(slots);
    if (this.slots === slots) {
      this.slots = undefined;
      this.newer = next;
      this.index = index;
      this.value = old;
    }
    return next;
  }

  /** This version's slots in a new array: the newest's, with the undo records from the newest back to this one applied. */
  private copied(): Array<V | undefined> {
    const records: Array<DiffArray<V>> = [];
    let version: DiffArray<V> = this;
    while (version.slots === undefined && version.newer !== undefined) {
      records.push(version);
      version = version.newer;
    }
    const slots = version.slots === undefined ? [] : version.slots.slice();
    for (let i = records.length - 1; i >= 0; i--) {
      const record = records[i]!;
      while (slots.length <= record.index) slots.push(undefined);
      slots[record.index] = record.value;
    }
    return slots;
  }
}
