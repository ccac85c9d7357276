import { arriveAt, type JoinArrivals, latestArrivals } from '../../lib/workflow/join-arrivals.js';

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
    expect(latestArrivals(arrivals(['a', 1]), ['a', 'b'])).toBeUndefined();
    // as many arrivals as predecessors, but one of them twice
    expect(latestArrivals(arrivals(['a', 1], ['a', 2]), ['a', 'b'])).toBeUndefined();
  });

  it("gives each predecessor's arrival in the predecessors' order, whatever the arrival order", () => {
    expect(latestArrivals(arrivals(['b', 2, 'wf.b@1'], ['a', 1, 'wf.a@1']), ['a', 'b'])).toEqual([
      { from: 'a', output: 1, branch: 'wf.a@1', previous: expect.anything(), count: 2 },
      { from: 'b', output: 2, branch: 'wf.b@1', previous: undefined, count: 1 },
    ]);
  });

  it('takes the latest arrival of a predecessor that arrived twice', () => {
    const latest = latestArrivals(arrivals(['a', 1], ['a', 3], ['b', 2]), ['a', 'b']);
    expect(latest?.map((arrival) => arrival.output)).toEqual([3, 2]);
  });

  it('fires a 100-wide fan-in once the last predecessor arrives', () => {
    const predecessors = Array.from({ length: 100 }, (_, i) => `n${i}`);
    let list: JoinArrivals | undefined;
    for (const [i, p] of predecessors.entries()) {
      list = arriveAt(list, p, i, undefined);
      if (i < 99) expect(latestArrivals(list, predecessors)).toBeUndefined();
    }
    expect(latestArrivals(list!, predecessors)?.map((arrival) => arrival.output)).toEqual(predecessors.map((_, i) => i));
  });
});
