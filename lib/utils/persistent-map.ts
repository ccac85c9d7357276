/** A stored key and its value. */
interface Leaf<V> {
  readonly kind: 'leaf';
  readonly hash: number;
  readonly key: string;
  readonly value: V;
}

/** Up to 32 slots, one per 5 bits of the hash at this depth; `bitmap` says which are present. */
interface Branch<V> {
  readonly kind: 'branch';
  readonly bitmap: number;
  readonly slots: ReadonlyArray<Slot<V>>;
}

/** Keys whose 32-bit hashes are equal, past the last level of branches. */
interface Collision<V> {
  readonly kind: 'collision';
  readonly hash: number;
  readonly leaves: ReadonlyArray<Leaf<V>>;
}

type Slot<V> = Leaf<V> | Branch<V> | Collision<V>;

const BITS = 5;
const MASK = (1 << BITS) - 1;
/** Past this shift the hash has no bits left: equal hashes go to a collision list. */
const MAX_SHIFT = 30;

const EMPTY_BRANCH: Branch<never> = { kind: 'branch', bitmap: 0, slots: [] };

/**
 * 32-bit FNV-1a of a string's UTF-16 code units.
 *
 * @example
 * ```ts
 * fnv1a('a') !== fnv1a('b'); // true
 * ```
 */
export function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** How many bits of `bitmap` are below `bit`: the slot index of `bit`. */
function indexOf(bitmap: number, bit: number): number {
  let x = bitmap & (bit - 1);
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

function bitOf(hash: number, shift: number): number {
  return 1 << ((hash >>> shift) & MASK);
}

function lookup<V>(slot: Slot<V>, hash: number, key: string, shift: number): Leaf<V> | undefined {
  for (;;) {
    if (slot.kind === 'leaf') return slot.key === key ? slot : undefined;
    if (slot.kind === 'collision') return slot.hash === hash ? slot.leaves.find((leaf) => leaf.key === key) : undefined;
    const bit = bitOf(hash, shift);
    if ((slot.bitmap & bit) === 0) return undefined;
    slot = slot.slots[indexOf(slot.bitmap, bit)]!;
    shift += BITS;
  }
}

/** `items` with `item` inserted at `index` (a plain copy loop: `splice` costs far more on small arrays). */
function withInserted<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = new Array<T>(items.length + 1);
  for (let i = 0; i < index; i++) copy[i] = items[i]!;
  copy[index] = item;
  for (let i = index; i < items.length; i++) copy[i + 1] = items[i]!;
  return copy;
}

/** `items` without the one at `index`. */
function withRemoved<T>(items: readonly T[], index: number): T[] {
  const copy = new Array<T>(items.length - 1);
  for (let i = 0; i < index; i++) copy[i] = items[i]!;
  for (let i = index + 1; i < items.length; i++) copy[i - 1] = items[i]!;
  return copy;
}

function replaced<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

/** A slot holding two different keys' leaves, branching until their hashes differ. */
function pair<V>(a: Leaf<V>, b: Leaf<V>, shift: number): Slot<V> {
  if (shift > MAX_SHIFT) return { kind: 'collision', hash: a.hash, leaves: [a, b] };
  const bitA = bitOf(a.hash, shift);
  const bitB = bitOf(b.hash, shift);
  if (bitA === bitB) return { kind: 'branch', bitmap: bitA, slots: [pair(a, b, shift + BITS)] };
  return { kind: 'branch', bitmap: bitA | bitB, slots: bitA >>> 0 < bitB >>> 0 ? [a, b] : [b, a] };
}

/** `slot` with `leaf` stored (replacing its key's old leaf); `slot` itself when nothing changes. */
function inserted<V>(slot: Slot<V>, leaf: Leaf<V>, shift: number): Slot<V> {
  if (slot.kind === 'leaf') {
    if (slot.key === leaf.key) return Object.is(slot.value, leaf.value) ? slot : leaf;
    return pair(slot, leaf, shift);
  }
  if (slot.kind === 'collision') {
    const at = slot.leaves.findIndex((l) => l.key === leaf.key);
    return { ...slot, leaves: at === -1 ? [...slot.leaves, leaf] : replaced(slot.leaves, at, leaf) };
  }
  const bit = bitOf(leaf.hash, shift);
  const index = indexOf(slot.bitmap, bit);
  if ((slot.bitmap & bit) === 0) {
    return { kind: 'branch', bitmap: slot.bitmap | bit, slots: withInserted(slot.slots, index, leaf) };
  }
  const child = slot.slots[index]!;
  const next = inserted(child, leaf, shift + BITS);
  return next === child ? slot : { kind: 'branch', bitmap: slot.bitmap, slots: replaced(slot.slots, index, next) };
}

/** `slot` without `key` (`undefined` when nothing is left); `slot` itself when it has no `key`. */
function removed<V>(slot: Slot<V>, hash: number, key: string, shift: number): Slot<V> | undefined {
  if (slot.kind === 'leaf') return slot.key === key ? undefined : slot;
  if (slot.kind === 'collision') {
    const leaves = slot.leaves.filter((leaf) => leaf.key !== key);
    if (leaves.length === slot.leaves.length) return slot;
    return leaves.length === 1 ? leaves[0] : { ...slot, leaves };
  }
  const bit = bitOf(hash, shift);
  if ((slot.bitmap & bit) === 0) return slot;
  const index = indexOf(slot.bitmap, bit);
  const child = slot.slots[index]!;
  const next = removed(child, hash, key, shift + BITS);
  if (next === child) return slot;
  if (next !== undefined) return { kind: 'branch', bitmap: slot.bitmap, slots: replaced(slot.slots, index, next) };
  if (slot.slots.length === 1) return undefined;
  return { kind: 'branch', bitmap: slot.bitmap ^ bit, slots: withRemoved(slot.slots, index) };
}

/**
 * An immutable map from strings to values that shares structure between versions (a hash array
 * mapped trie): `set` and `delete` return a new map and copy only the path to the key, at most
 * seven arrays of at most 32 slots, so a reducer can keep a map of many keys in its state and
 * change one key per message without copying the others. The map it was made from is never
 * changed. Keys are compared with `===`; it has no iteration order.
 *
 * @example
 * ```ts
 * const a = PersistentMap.empty<number>().set('x', 1);
 * const b = a.set('y', 2).delete('x');
 * a.get('x'); // 1 (a is unchanged)
 * b.has('x'); // false
 * b.size;     // 1
 * ```
 */
export class PersistentMap<V> {
  private constructor(
    private readonly root: Branch<V>,
    /** How many keys the map holds. */
    readonly size: number,
    private readonly hash: (key: string) => number,
  ) {}

  /**
   * The empty map. `hash` is the hash of keys (32-bit FNV-1a by default; tests pass a weak one to
   * exercise keys whose hashes collide).
   *
   * @example
   * ```ts
   * PersistentMap.empty<string>().size; // 0
   * ```
   */
  static empty<V>(hash: (key: string) => number = fnv1a): PersistentMap<V> {
    return new PersistentMap<V>(EMPTY_BRANCH, 0, hash);
  }

  /**
   * The value of `key`, or `undefined`.
   *
   * @example
   * ```ts
   * PersistentMap.empty<number>().set('a', 1).get('a'); // 1
   * ```
   */
  get(key: string): V | undefined {
    return lookup(this.root, this.hash(key), key, 0)?.value;
  }

  /**
   * Whether the map holds `key`.
   *
   * @example
   * ```ts
   * PersistentMap.empty<number>().set('a', 1).has('b'); // false
   * ```
   */
  has(key: string): boolean {
    return lookup(this.root, this.hash(key), key, 0) !== undefined;
  }

  /**
   * A map with `key` set to `value` (this map when it already holds that very value).
   *
   * @example
   * ```ts
   * PersistentMap.empty<number>().set('a', 1).set('a', 2).get('a'); // 2
   * ```
   */
  set(key: string, value: V): PersistentMap<V> {
    const hash = this.hash(key);
    const had = lookup(this.root, hash, key, 0) !== undefined;
    const root = inserted(this.root, { kind: 'leaf', hash, key, value }, 0) as Branch<V>;
    return root === this.root ? this : new PersistentMap(root, had ? this.size : this.size + 1, this.hash);
  }

  /**
   * A map without `key` (this map when it has no `key`).
   *
   * @example
   * ```ts
   * PersistentMap.empty<number>().set('a', 1).delete('a').size; // 0
   * ```
   */
  delete(key: string): PersistentMap<V> {
    const root = removed(this.root, this.hash(key), key, 0);
    if (root === this.root) return this;
    return new PersistentMap(root === undefined ? EMPTY_BRANCH : (root as Branch<V>), this.size - 1, this.hash);
  }
}
