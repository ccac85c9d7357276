/**
 * Marks `key` as the most recently used entry of `map` (a `Map` iterates in insertion order, so
 * moving an entry to the end keeps the least recently used one first) and returns its value.
 *
 * @example
 * ```ts
 * const sessions = new Map([['a', 1], ['b', 2]]);
 * touch(sessions, 'a'); // 1, and the order is now b, a
 * ```
 */
export function touch<K, V>(map: Map<K, V>, key: K): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}

/**
 * Deletes the least recently used entries of `map` while `over()` holds, keeping the most recent
 * one; `dropped` is told of each so the caller can update its totals.
 *
 * @example
 * ```ts
 * let total = 0;
 * evictLeastRecent(sessions, () => total > limit, (_id, spans) => (total -= spans.length));
 * ```
 */
export function evictLeastRecent<K, V>(map: Map<K, V>, over: () => boolean, dropped: (key: K, value: V) => void): void {
  for (const [key, value] of map) {
    if (!over() || map.size === 1) return;
    map.delete(key);
    dropped(key, value);
  }
}
