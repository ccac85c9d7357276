import { arriveAt, joinInput, type JoinArrivals, joinShape, latestArrivals } from '../../lib/workflow/join-arrivals.js';

function arrivals(...items: [string, unknown, string?][]): JoinArrivals {
  let list: JoinArrivals | undefined;
  for (const [from, output, branch] of items) list = arriveAt(list, from, output, branch);
  return list!;
}

describe('join arrivals', () => {
  it('adds one arrival at a time, newest first, without changing the list it was given', () => {
    const one = arriveAt(undefined, 'a', 1, undefined);
    const two = arriveAt(one, 'b', 2, 'x');
    expect(two).toEqual({ from: 'b', output: 2, branch: 'x', previous: one, count: 2 });
    expect(one).toEqual({ from: 'a', output: 1, branch: undefined, previous: undefined, count: 1 });
  });

  it('says nothing until every predecessor has arrived', () => {
    expect(latestArrivals(arrivals(['a', 1]), joinShape(['a', 'b']))).toBeUndefined();
    // as many arrivals as predecessors, but one of them twice
    expect(latestArrivals(arrivals(['a', 1], ['a', 2]), joinShape(['a', 'b']))).toBeUndefined();
  });

  it("gives each predecessor's arrival in the predecessors' order, whatever the arrival order", () => {
    expect(latestArrivals(arrivals(['b', 2, 'wf.b@1'], ['a', 1, 'wf.a@1']), joinShape(['a', 'b']))).toEqual([
      { from: 'a', output: 1, branch: 'wf.a@1', previous: expect.anything(), count: 2 },
      { from: 'b', output: 2, branch: 'wf.b@1', previous: undefined, count: 1 },
    ]);
  });

  it('takes the latest arrival of a predecessor that arrived twice', () => {
    const latest = latestArrivals(arrivals(['a', 1], ['a', 3], ['b', 2]), joinShape(['a', 'b']));
    expect(latest?.map((arrival) => arrival.output)).toEqual([3, 2]);
  });

  it('fires a 100-wide fan-in once the last predecessor arrives', () => {
    const predecessors = Array.from({ length: 100 }, (_, i) => `n${i}`);
    let list: JoinArrivals | undefined;
    for (const [i, p] of predecessors.entries()) {
      list = arriveAt(list, p, i, undefined);
      if (i < 99) expect(latestArrivals(list, joinShape(predecessors))).toBeUndefined();
    }
    expect(latestArrivals(list!, joinShape(predecessors))?.map((arrival) => arrival.output)).toEqual(predecessors.map((_, i) => i));
  });

  it('ignores an arrival from a node that is not a predecessor', () => {
    expect(latestArrivals(arrivals(['a', 1], ['x', 9]), joinShape(['a', 'b']))).toBeUndefined();
    expect(latestArrivals(arrivals(['b', 2], ['x', 9], ['a', 1]), joinShape(['a', 'b']))?.map((arrival) => arrival.output)).toEqual([1, 2]);
  });
});

describe('join input', () => {
  const latestOf = (...outputs: unknown[]) => outputs.map((output) => ({ output, branch: undefined }));

  it("is {predecessor: output} in the predecessors' order, as Object.fromEntries makes it", () => {
    const predecessors = ['b', 'a', '2', 'c', '1'];
    const latest = latestOf('B', 'A', 'two', 'C', 'one');
    const input = joinInput(joinShape(predecessors), latest);
    const expected = Object.fromEntries(predecessors.map((p, i) => [p, latest[i]!.output]));
    expect(input).toStrictEqual(expected);
    expect(Object.keys(input)).toEqual(Object.keys(expected));
    expect(JSON.stringify(input)).toBe(JSON.stringify(expected));
  });

  it('keeps a __proto__ predecessor as an own key, not as the prototype', () => {
    const input = joinInput(joinShape(['a', '__proto__', 'b']), latestOf(1, { polluted: true }, 2));
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(Object.hasOwn(input, '__proto__')).toBe(true);
    expect(Object.keys(input)).toEqual(['a', '__proto__', 'b']);
    expect(JSON.stringify(input)).toBe('{"a":1,"__proto__":{"polluted":true},"b":2}');
    expect((input as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('is an empty object for no predecessors, and a fresh object each time', () => {
    expect(joinInput(joinShape([]), [])).toStrictEqual({});
    expect(joinInput(joinShape(['a']), latestOf(1))).not.toBe(joinInput(joinShape(['a']), latestOf(1)));
  });

  it('a 100-wide fan-in, from the arrivals in any order', () => {
    const predecessors = Array.from({ length: 100 }, (_, i) => `n${i}`);
    let list: JoinArrivals | undefined;
    for (let i = 99; i >= 0; i--) list = arriveAt(list, predecessors[i]!, i * 2, undefined);
    const input = joinInput(joinShape(predecessors), latestArrivals(list!, joinShape(predecessors))!);
    expect(input).toStrictEqual(Object.fromEntries(predecessors.map((p, i) => [p, i * 2])));
  });
});
