import { asJsonValue, MAX_JSON_DEPTH } from '../../lib/utils/as-json-value.js';

const refused = (value: unknown) => {
  const check = asJsonValue(value);
  return check.ok ? undefined : check.reason;
};

describe('asJsonValue', () => {
  it('returns plain data as it is, uncopied', () => {
    const data = { a: 1, b: [true, null, 'x', { c: 2.5 }], d: undefined };
    const check = asJsonValue(data);
    expect(check.ok && check.value).toBe(data);
  });

  it('returns values with toJSON and class instances as their JSON round trip', () => {
    class Point {
      constructor(readonly x: number) {}
    }
    expect(asJsonValue({ at: new Date(0), p: new Point(3) })).toEqual({ ok: true, value: { at: '1970-01-01T00:00:00.000Z', p: { x: 3 } } });
  });

  it.each([
    ['a BigInt', { total: 10n }, 'a BigInt at .total'],
    ['a function', { f: () => 1 }, 'a function at .f'],
    ['a symbol', [1, Symbol('s')], 'a symbol at [1]'],
    ['a Map', { m: new Map() }, 'a Map at .m'],
    ['a Set', { s: new Set([1]) }, 'a Set at .s'],
    ['a top-level BigInt', 1n, 'a BigInt at the top level'],
  ])('refuses %s, naming where', (_name, value, reason) => {
    expect(refused(value)).toBe(reason);
  });

  it('walks a wide object (a join input after a 100-wide fan-out): leaves passed over, the path of the first problem after them exact', () => {
    const wide: Record<string, unknown> = {};
    for (let i = 0; i < 150; i++) wide[`n${i}`] = i % 3 === 0 ? `s${i}` : i % 3 === 1 ? i : i % 2 === 0;
    expect(asJsonValue(wide)).toEqual({ ok: true, value: wide });
    wide['n120'] = { deep: [null, undefined, 'x', { f: () => 1 }] };
    expect(refused(wide)).toBe('a function at .n120.deep[3].f');
    expect(refused([1, 'a', null, true, [2, [3, 4n]]])).toBe('a BigInt at [4][1][1]');
  });

  it('names the path of the first problem only, past members that were fine', () => {
    const value = { a: { b: [1, { c: 'x' }] }, d: [true, null, { e: 10n }], f: () => 1 };
    expect(refused(value)).toBe('a BigInt at .d[2].e');
    expect(refused({ at: { toJSON: () => ({ n: [1, 2n] }) } })).toBe('a BigInt at .at.n[1]');
  });

  it('refuses a cycle but accepts a shared (non-cyclic) object', () => {
    const a: Record<string, unknown> = {};
    a['self'] = { back: a };
    expect(refused(a)).toBe('a cycle at .self.back');
    const shared = { n: 1 };
    expect(asJsonValue({ x: shared, y: shared }).ok).toBe(true);
  });

  it('refuses a throwing toJSON', () => {
    expect(refused({ v: { toJSON: () => { throw new Error('nope'); } } })).toBe('a toJSON that throws (nope) at .v');
  });

  it('refuses nesting past the limit, without overflowing the stack', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(refused(deep)).toBe(`nesting deeper than ${MAX_JSON_DEPTH} levels at ${'[0]'.repeat(MAX_JSON_DEPTH)}`);
  });

  it('treats __proto__ and constructor keys as data', () => {
    const value = JSON.parse('{"__proto__": {"x": 1n}}'.replace('1n', '1')) as unknown;
    expect(asJsonValue(value).ok).toBe(true);
    expect(asJsonValue({ constructor: 'c', toString: 't' }).ok).toBe(true);
  });
});
