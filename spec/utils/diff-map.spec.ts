import { DiffMap } from '../../lib/utils/diff-map.js';

/** A seeded pseudo-random sequence in [0, 1). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** What a version holds, key by key (`has`, `get`) and its size: compared with a `Map`'s. */
function contents(map: { size: number; has(key: string): boolean; get(key: string): unknown }, keys: readonly string[]) {
  return [map.size, keys.map((key) => [key, map.has(key), map.get(key)])];
}

describe('DiffMap', () => {
  it('is empty at first, and the shared empty map never changes', () => {
    const empty = DiffMap.empty<number>();
    expect([empty.size, empty.has('a'), empty.get('a')]).toEqual([0, false, undefined]);
    expect(empty.delete('a')).toBe(empty);
    const one = empty.set('a', 1);
    const other = DiffMap.empty<number>().set('b', 2);
    expect([empty.size, empty.has('a'), empty.has('b')]).toEqual([0, false, false]);
    expect([one.has('b'), other.has('a'), one.get('a'), other.get('b')]).toEqual([false, false, 1, 2]);
  });

  it('sets, replaces and deletes one key, leaving every earlier version as it was', () => {
    const a = DiffMap.empty<number>().set('x', 1);
    const b = a.set('x', 2);
    const c = b.delete('x');
    expect([a.get('x'), b.get('x'), c.get('x')]).toEqual([1, 2, undefined]);
    expect([a.size, b.size, c.size]).toEqual([1, 1, 0]);
    expect([a.has('x'), b.has('x'), c.has('x')]).toEqual([true, true, false]);
  });

  it('returns itself when nothing changes: the same value set again, a missing key deleted', () => {
    const a = DiffMap.empty<number>().set('x', 1);
    expect(a.set('x', 1)).toBe(a);
    expect(a.delete('y')).toBe(a);
    // an older version too (its value read through its undo record)
    a.set('x', 2);
    expect(a.set('x', 1)).toBe(a);
  });

  it('holds a value of undefined as a key that is present, in the newest version and in older ones', () => {
    const a = DiffMap.empty<undefined>().set('x', undefined);
    const b = a.delete('x');
    expect([a.has('x'), a.size, b.has('x'), b.size]).toEqual([true, 1, false, 0]);
    expect(a.set('x', undefined)).toBe(a);
  });

  it('forks: a write to an older version leaves the newer ones as they were', () => {
    const a = DiffMap.empty<number>().set('x', 1).set('y', 2);
    const b = a.set('x', 10).set('z', 3);
    const fork = a.set('y', 20).delete('x');
    expect(contents(a, ['x', 'y', 'z'])).toEqual([2, [['x', true, 1], ['y', true, 2], ['z', false, undefined]]]);
    expect(contents(b, ['x', 'y', 'z'])).toEqual([3, [['x', true, 10], ['y', true, 2], ['z', true, 3]]]);
    expect(contents(fork, ['x', 'y', 'z'])).toEqual([1, [['x', false, undefined], ['y', true, 20], ['z', false, undefined]]]);
    // each line goes on as its own newest version
    expect([b.set('w', 4).get('w'), fork.set('w', 5).get('w'), b.has('w'), fork.has('w')]).toEqual([4, 5, false, false]);
  });

  it('agrees with a Map through random sets, deletes and forks, every version read again at the end', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `node_${i}`);
    const next = randomFrom(7);
    const versions: Array<[DiffMap<number>, Map<string, number>]> = [[DiffMap.empty<number>(), new Map()]];
    for (let i = 0; i < 1500; i++) {
      // mostly the newest version, as a reducer goes on; sometimes an older one (a fork)
      const at = next() < 0.9 ? versions.length - 1 : Math.floor(next() * versions.length);
      const [map, reference] = versions[at]!;
      const key = keys[Math.floor(next() * keys.length)]!;
      const copy = new Map(reference);
      const changed = next() < 0.6 ? (copy.set(key, i % 7), map.set(key, i % 7)) : (copy.delete(key), map.delete(key));
      versions.push([changed, copy]);
      // a read of an older version in between (its records are walked, nothing is changed)
      const [older, was] = versions[Math.floor(next() * versions.length)]!;
      const probe = keys[Math.floor(next() * keys.length)]!;
      // one comparison per operation (a failing one names it), not one expect per check
      if (changed.size !== copy.size || changed.get(key) !== copy.get(key) || older.get(probe) !== was.get(probe) || older.has(probe) !== was.has(probe)) {
        expect([i, key, changed.size, changed.get(key), probe, older.get(probe)]).toEqual([i, key, copy.size, copy.get(key), probe, was.get(probe)]);
      }
    }
    expect(versions.map(([version]) => contents(version, keys))).toEqual(versions.map(([, was]) => contents(was, keys)));
  });

  it('takes keys that look like Object.prototype members as plain keys', () => {
    const a = DiffMap.empty<number>().set('__proto__', 1).set('constructor', 2);
    expect([a.get('__proto__'), a.get('constructor'), a.get('toString'), a.size]).toEqual([1, 2, undefined, 2]);
  });
});
