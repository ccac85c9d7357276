import type { FunctionCall } from '@google/genai';
import type { Invocation } from './eval-set.js';
import { toolCallsOf } from './tool-calls-of.js';

/** How actual tool calls must match the expected ones (ADK's `ToolTrajectoryCriterion.MatchType`). */
export type TrajectoryMatchType = 'EXACT' | 'IN_ORDER' | 'ANY_ORDER';

/** Options of {@link toolTrajectoryScore}. */
export interface TrajectoryOptions {
  /** EXACT (default): same calls, same order, nothing else; IN_ORDER: expected calls in order, others between allowed; ANY_ORDER: expected calls in any order, others allowed. */
  matchType?: TrajectoryMatchType;
  /** Beyond ADK: `true` compares tool names only; a list of argument names leaves those arguments out of the comparison. */
  ignoreArgs?: boolean | readonly string[];
}

/**
 * `tool_trajectory_avg_score` for one invocation: 1 when the actual tool calls match the
 * expected ones under the match type, else 0 (call ids are ignored, arguments compared as JSON
 * values, key order aside).
 *
 * @example
 * ```ts
 * toolTrajectoryScore(actual, expected, { matchType: 'IN_ORDER', ignoreArgs: ['timestamp'] }); // 1 or 0
 * ```
 */
export function toolTrajectoryScore(actual: Invocation, expected: Invocation, options: TrajectoryOptions = {}): number {
  const same = callMatcher(options.ignoreArgs ?? false);
  const got = toolCallsOf(actual);
  const want = toolCallsOf(expected);
  switch (options.matchType ?? 'EXACT') {
    case 'EXACT':
      return got.length === want.length && got.every((call, i) => same(call, want[i]!)) ? 1 : 0;
    case 'IN_ORDER':
      return inOrder(got, want, same) ? 1 : 0;
    case 'ANY_ORDER':
      return anyOrder(got, want, same) ? 1 : 0;
  }
}

/**
 * The metric over a conversation: the mean of {@link toolTrajectoryScore} over the paired invocations (undefined when there are none).
 *
 * @example
 * ```ts
 * toolTrajectoryAvgScore([a1, a2], [e1, e2]); // 0.5 when one of two invocations matches
 * ```
 */
export function toolTrajectoryAvgScore(actual: readonly Invocation[], expected: readonly Invocation[], options: TrajectoryOptions = {}): number | undefined {
  const n = Math.min(actual.length, expected.length);
  if (n === 0) return undefined;
  let total = 0;
  for (let i = 0; i < n; i++) total += toolTrajectoryScore(actual[i]!, expected[i]!, options);
  return total / n;
}

type Same = (a: FunctionCall, b: FunctionCall) => boolean;

function inOrder(got: readonly FunctionCall[], want: readonly FunctionCall[], same: Same): boolean {
  let next = 0;
  for (const call of got) if (next < want.length && same(call, want[next]!)) next++;
  return next === want.length;
}

function anyOrder(got: readonly FunctionCall[], want: readonly FunctionCall[], same: Same): boolean {
  const left = [...got];
  return want.every((expected) => {
    const i = left.findIndex((call) => same(call, expected));
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
}

function callMatcher(ignore: boolean | readonly string[]): Same {
  if (ignore === true) return (a, b) => a.name === b.name;
  const skip = new Set(ignore === false ? [] : ignore);
  const argsOf = (call: FunctionCall) => canonical(Object.fromEntries(Object.entries(call.args ?? {}).filter(([key]) => !skip.has(key))));
  return (a, b) => a.name === b.name && argsOf(a) === argsOf(b);
}

/** JSON with object keys sorted, so `{a, b}` equals `{b, a}` as Python's dict equality does. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
