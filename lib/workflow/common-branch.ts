import type { JoinArrival } from './join-arrivals.js';

const DOT = 46; // '.'

/**
 * The longest common prefix, in whole segments (a branch's segments are joined with `.`, as
 * ADK's branch paths), of the branches of a join's arrivals: the branch the join runs on.
 * `undefined` when they share no segment, or when one of them has no branch.
 *
 * It compares the branches pairwise as strings, without splitting them into segment arrays: a
 * join's firing after a 100-wide fan-out asks it of 100 branches once per run.
 *
 * @example
 * ```ts
 * commonBranch([{ output: 1, branch: 'wf.a@1' }, { output: 2, branch: 'wf.b@1' }]); // 'wf'
 * commonBranch([{ output: 1, branch: 'a@1' }, { output: 2, branch: 'b@1' }]);       // undefined
 * ```
 */
export function commonBranch(arrivals: readonly JoinArrival[]): string | undefined {
  // a branch that is undefined or '' has no segments; a common prefix of '' is one empty segment
  let common = arrivals[0]?.branch || undefined;
  for (let i = 1; common !== undefined && i < arrivals.length; i++) {
    const branch = arrivals[i]!.branch;
    common = branch ? commonSegments(common, branch) : undefined;
  }
  return common;
}

/**
 * The common prefix of two branches in whole segments (`''` when only an empty first segment is
 * common, as `'.a'` and `'.b'` share), `undefined` when they share none. `b` is not empty; `a`
 * may be `''` (one empty segment).
 */
function commonSegments(a: string, b: string): string | undefined {
  if (a === b) return a;
  const shorter = Math.min(a.length, b.length);
  // the end of the last whole segment both start with (-1: none)
  let end = -1;
  let i = 0;
  for (; i < shorter && a.charCodeAt(i) === b.charCodeAt(i); i++) if (a.charCodeAt(i) === DOT) end = i;
  // one is a whole-segment prefix of the other
  if (i === shorter && (a.length > shorter ? a : b).charCodeAt(shorter) === DOT) end = shorter;
  return end < 0 ? undefined : a.slice(0, end);
}
