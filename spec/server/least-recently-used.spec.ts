import { evictLeastRecent, touch } from '../../lib/server/least-recently-used.js';

describe('touch', () => {
  it('moves a key to the end and returns its value; an unknown key changes nothing', () => {
    const map = new Map([['a', 1], ['b', 2], ['c', 3]]);
    expect(touch(map, 'a')).toBe(1);
    expect([...map.keys()]).toEqual(['b', 'c', 'a']);
    expect(touch(map, 'zz')).toBeUndefined();
    expect([...map.keys()]).toEqual(['b', 'c', 'a']);
  });
});

describe('evictLeastRecent', () => {
  it('deletes from the front while over, telling each drop, and always keeps the last entry', () => {
    const map = new Map([['a', 5], ['b', 5], ['c', 5]]);
    let total = 15;
    const dropped: string[] = [];
    evictLeastRecent(map, () => total > 6, (key, value) => { dropped.push(key); total -= value; });
    expect(dropped).toEqual(['a', 'b']);
    expect([...map.keys()]).toEqual(['c']);
    evictLeastRecent(map, () => true, () => dropped.push('never'));
    expect([...map.keys()]).toEqual(['c']);
  });

  it('does nothing on an empty map or when not over', () => {
    const empty = new Map<string, number>();
    evictLeastRecent(empty, () => true, () => { throw new Error('no entry to drop'); });
    const map = new Map([['a', 1]]);
    evictLeastRecent(map, () => false, () => { throw new Error('not over'); });
    expect(map.size).toBe(1);
  });
});
