import { fnv1a, PersistentMap } from '../../lib/utils/persistent-map.js';

/** Applies the same random operations to a PersistentMap and a Map and compares them after each. */
function checkAgainstMap(hash: (key: string) => number, keys: readonly string[], operations: number, seed: number): void {
  let random = seed;
  const next = () => (random = (Math.imul(random, 1103515245) + 12345) >>> 0) / 2 ** 32;
  let map = PersistentMap.empty<number>(hash);
  const reference = new Map<string, number>();
  const versions: Array<[PersistentMap<number>, Map<string, number>]> = [];
  for (let i = 0; i < operations; i++) {
    const key = keys[Math.floor(next() * keys.length)]!;
    if (next() < 0.6) {
      map = map.set(key, i);
      reference.set(key, i);
    } else {
      map = map.delete(key);
      reference.delete(key);
    }
    if (i % 50 === 0) versions.push([map, new Map(reference)]);
    // one comparison per operation (a failing one names the operation), not one expect per check
    if (map.size !== reference.size || map.get(key) !== reference.get(key)) {
      expect([i, key, map.size, map.get(key)]).toEqual([i, key, reference.size, reference.get(key)]);
    }
  }
  // every earlier version still holds what the Map held then, key by key
  const actual = versions.map(([version]) => [version.size, keys.map((key) => [key, version.has(key), version.get(key)])]);
  const expected = versions.map(([, was]) => [was.size, keys.map((key) => [key, was.has(key), was.get(key)])]);
  expect(actual).toEqual(expected);
}

describe('PersistentMap', () => {
  it('is empty at first', () => {
    const empty = PersistentMap.empty<number>();
    expect(empty.size).toBe(0);
    expect(empty.has('a')).toBe(false);
    expect(empty.get('a')).toBeUndefined();
    expect(empty.delete('a')).toBe(empty);
  });

  it('sets, replaces and deletes one key, leaving every earlier version as it was', () => {
    const a = PersistentMap.empty<number>().set('x', 1);
    const b = a.set('x', 2);
    const c = b.delete('x');
    expect([a.get('x'), b.get('x'), c.get('x')]).toEqual([1, 2, undefined]);
    expect([a.size, b.size, c.size]).toEqual([1, 1, 0]);
    expect(c.has('x')).toBe(false);
  });

  it('returns itself when nothing changes: the same value set again, a missing key deleted', () => {
    const a = PersistentMap.empty<number>().set('x', 1);
    expect(a.set('x', 1)).toBe(a);
    expect(a.delete('y')).toBe(a);
  });

  it('holds a value of undefined as a key that is present', () => {
    const a = PersistentMap.empty<undefined>().set('x', undefined);
    expect(a.has('x')).toBe(true);
    expect(a.size).toBe(1);
  });

  it('keeps many keys apart and agrees with a Map through random sets and deletes', () => {
    const keys = Array.from({ length: 300 }, (_, i) => `node_${i}`);
    checkAgainstMap(fnv1a, keys, 3000, 7);
  });

  it('keeps keys whose hashes collide apart (a hash that puts every key in one of three buckets)', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `k${i}`);
    checkAgainstMap((key) => key.length % 3, keys, 2000, 11);
  });

  it('keeps keys whose hashes share their low bits apart, down to the last level', () => {
    const keys = Array.from({ length: 64 }, (_, i) => `k${i}`);
    checkAgainstMap((key) => (Number(key.slice(1)) % 4) << 30, keys, 2000, 3);
  });

  it('takes keys that look like Object.prototype members as plain keys', () => {
    const a = PersistentMap.empty<number>().set('__proto__', 1).set('constructor', 2);
    expect([a.get('__proto__'), a.get('constructor'), a.get('toString'), a.size]).toEqual([1, 2, undefined, 2]);
  });
});
