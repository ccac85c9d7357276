import { commonBranch } from '../../lib/workflow/common-branch.js';

const arrivals = (...branches: Array<string | undefined>) => branches.map((branch, i) => ({ output: i, branch }));

/** The segment-array definition the string comparison must agree with. */
function bySegments(branches: Array<string | undefined>): string | undefined {
  const split = branches.map((b) => (b ? b.split('.') : []));
  const common: string[] = [];
  for (let i = 0; split.every((s) => i < s.length && s[i] === split[0]![i]); i++) common.push(split[0]![i]!);
  return common.length ? common.join('.') : undefined;
}

describe('commonBranch (the branch a join runs on)', () => {
  it('is the longest common prefix in whole segments', () => {
    expect(commonBranch(arrivals('wf.a@1', 'wf.b@1'))).toBe('wf');
    expect(commonBranch(arrivals('outer.x@1.a@1', 'outer.x@1.b@2', 'outer.x@1'))).toBe('outer.x@1');
    expect(commonBranch(arrivals('a@1', 'b@1'))).toBeUndefined();
  });

  it('does not cut a segment in the middle', () => {
    expect(commonBranch(arrivals('wf.ab', 'wf.a'))).toBe('wf');
    expect(commonBranch(arrivals('ab', 'a'))).toBeUndefined();
    expect(commonBranch(arrivals('a', 'a.b'))).toBe('a');
  });

  it('is the branch itself for one arrival, and undefined when an arrival has no branch', () => {
    expect(commonBranch(arrivals('wf.a@1'))).toBe('wf.a@1');
    expect(commonBranch(arrivals('wf.a@1', undefined))).toBeUndefined();
    expect(commonBranch(arrivals(undefined, 'wf'))).toBeUndefined();
    expect(commonBranch(arrivals('', 'wf'))).toBeUndefined();
    expect(commonBranch([])).toBeUndefined();
  });

  it('agrees with the segment-array definition, empty segments included', () => {
    const pool = [undefined, '', 'a', 'b', 'a.b', 'a.c', 'a.b.c', '.a', '.b', 'a.', 'a..', 'a..b', 'ab', 'ab.c', '..'];
    for (const x of pool) {
      for (const y of pool) {
        expect(commonBranch(arrivals(x, y))).toBe(bySegments([x, y]));
        for (const z of pool) expect(commonBranch(arrivals(x, y, z))).toBe(bySegments([x, y, z]));
      }
    }
  });
});
