/**
 * Sets `record[key] = value` as an own data property, whatever the key: a model- or
 * client-given name such as `__proto__` becomes an ordinary entry instead of replacing the
 * record's prototype (which plain assignment and `Object.assign` would do).
 *
 * @example
 * ```ts
 * const byId = setOwn({}, '__proto__', { confirmed: false });
 * Object.hasOwn(byId, '__proto__');                 // true
 * Object.getPrototypeOf(byId) === Object.prototype; // true
 * ```
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): Record<string, T> {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  return record;
}

/**
 * `Object.assign(target, source)` for data keyed by names from outside: copies `source`'s own
 * enumerable entries with {@link setOwn}, so no key can reach a prototype.
 *
 * @example
 * ```ts
 * assignOwn({}, JSON.parse('{"__proto__": 1}')); // { ['__proto__']: 1 }, prototype untouched
 * ```
 */
export function assignOwn<T>(target: Record<string, T>, source: Readonly<Record<string, T>>): Record<string, T> {
  for (const key of Object.keys(source)) setOwn(target, key, source[key]!);
  return target;
}
