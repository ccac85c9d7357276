import { DiffArray } from '../../lib/utils/diff-array.js';

/** A seeded pseudo-random sequence in [0, 1). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** What a version holds at each of `indices`. */
function contents<V>(array: { get(index: number): V | undefined }, indices: readonly number[]) {
  return indices.map((index) => array.get(index));
}

describe('DiffArray', () => {
  it('is empty at first, and the shared empty array never changes', () => {
    const empty = DiffArray.empty<number>();
    expect([empty.get(0), empty.get(5)]).toEqual([undefined, undefined]);
    expect(empty.set(0, undefined)).toBe(empty);
    const one = empty.set(0, 1);
    const other = DiffArray.empty<number>().set(1, 2);
    expect(contents(empty, [0, 1])).toEqual([undefined, undefined]);
    expect([contents(one, [0, 1]), contents(other, [0, 1])]).toEqual([
      [1, undefined],
      [undefined, 2],
    ]);
  });

  it('sets, replaces and empties one slot, leaving every earlier version as it was', () => {
    const a = DiffArray.empty<number>().set(3, 1);
    const b = a.set(3, 2);
    const c = b.set(3, undefined);
    expect([a.get(3), b.get(3), c.get(3)]).toEqual([1, 2, undefined]);
    // the slots before the one set read as empty, and so do the slots past the end
    expect(contents(a, [0, 1, 2, 4, 100])).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('returns itself when nothing changes: the same value set again, an empty slot emptied', () => {
    const a = DiffArray.empty<number>().set(0, 1);
    expect(a.set(0, 1)).toBe(a);
    expect(a.set(7, undefined)).toBe(a);
    // an older version too (its value read through its undo record)
    a.set(0, 2);
    expect(a.set(0, 1)).toBe(a);
  });

  it('forks: a write to an older version leaves the newer ones as they were', () => {
    const a = DiffArray.empty<number>().set(0, 1).set(1, 2);
    const b = a.set(0, 10).set(2, 3);
    const fork = a.set(1, 20).set(0, undefined);
    expect(contents(a, [0, 1, 2])).toEqual([1, 2, undefined]);
    expect(contents(b, [0, 1, 2])).toEqual([10, 2, 3]);
    expect(contents(fork, [0, 1, 2])).toEqual([undefined, 20, undefined]);
    // each line goes on as its own newest version
    expect([b.set(3, 4).get(3), fork.set(3, 5).get(3), b.get(3), fork.get(3)]).toEqual([4, 5, undefined, undefined]);
  });

  it('forks from a version older than a write past its end (the copy grows to the slot the record restores)', () => {
    const a = DiffArray.empty<string>().set(0, 'x');
    const b = a.set(5, 'y');
    b.set(5, 'z');
    const fork = b.set(2, 'w');
    expect(contents(fork, [0, 2, 5])).toEqual(['x', 'w', 'y']);
    expect(contents(a, [0, 2, 5])).toEqual(['x', undefined, undefined]);
  });

  it('agrees with a plain array copied on every write, through random sets, empties and forks, every version read again at the end', () => {
    const size = 40;
    const indices = Array.from({ length: size + 2 }, (_, i) => i);
    const next = randomFrom(7);
    const versions: Array<[DiffArray<number>, Array<number | undefined>]> = [[DiffArray.empty<number>(), []]];
    for (let i = 0; i < 1500; i++) {
      // mostly the newest version, as a reducer goes on; sometimes an older one (a fork)
      const at = next() < 0.9 ? versions.length - 1 : Math.floor(next() * versions.length);
      const [array, reference] = versions[at]!;
      const index = Math.floor(next() * size);
      const value = next() < 0.6 ? i % 7 : undefined;
      const copy = reference.slice();
      copy[index] = value;
      const changed = array.set(index, value);
      versions.push([changed, copy]);
      // a read of an older version in between (its records are walked, nothing is changed)
      const [older, was] = versions[Math.floor(next() * versions.length)]!;
      const probe = Math.floor(next() * size);
      // one comparison per operation (a failing one names it), not one expect per check
      if (changed.get(index) !== copy[index] || older.get(probe) !== was[probe]) {
        expect([i, index, changed.get(index), probe, older.get(probe)]).toEqual([i, index, copy[index], probe, was[probe]]);
      }
    }
    expect(versions.map(([version]) => contents(version, indices))).toEqual(versions.map(([, was]) => indices.map((index) => was[index])));
  });
});
