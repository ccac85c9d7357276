import { plainConstructor } from '../../lib/utils/plain-constructor.js';

interface Point {
  x: number;
  y: number | undefined;
}

const PointRecord = plainConstructor(function (this: Point, x: number, y: number | undefined) {
  this.x = x;
  this.y = y;
});

describe('plainConstructor', () => {
  it('makes plain objects: Object.prototype, constructor Object, the same as the literal for toStrictEqual', () => {
    const made = new PointRecord(1, 2);
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
    expect(made.constructor).toBe(Object);
    expect(made).toStrictEqual({ x: 1, y: 2 });
    expect(made instanceof Object).toBe(true);
  });

  it('keeps the keys in the order init assigns them, an undefined value included as a key', () => {
    const made = new PointRecord(1, undefined);
    expect(Object.keys(made)).toEqual(['x', 'y']);
    expect(JSON.stringify(made)).toBe('{"x":1}');
    expect({ ...made }).toStrictEqual({ x: 1, y: undefined });
  });

  it('makes a new object on every call (records are not shared)', () => {
    const a = new PointRecord(1, 2);
    const b = new PointRecord(1, 2);
    expect(a).not.toBe(b);
    a.x = 5;
    expect(b.x).toBe(1);
  });

  it('survives structuredClone and JSON as a plain object', () => {
    const made = new PointRecord(3, 4);
    expect(structuredClone(made)).toStrictEqual({ x: 3, y: 4 });
    expect(JSON.parse(JSON.stringify(made))).toStrictEqual({ x: 3, y: 4 });
  });

  it('passes on a throw of init', () => {
    const Failing = plainConstructor(function (this: { a: number }, a: number) {
      if (a < 0) throw new RangeError('negative');
      this.a = a;
    });
    expect(() => new Failing(-1)).toThrow(RangeError);
    expect(new Failing(1)).toStrictEqual({ a: 1 });
  });
});
