import type { EvalCaseResult } from './eval-result.js';
import { evalResultsTable } from './eval-results-table.js';
import { EvalStatus } from './eval-status.js';

/** What a Jest (or Vitest) matcher returns. */
export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/**
 * Matchers for `expect.extend(evalMatchers)`: `expect(results).toPassEval()` passes when there is
 * at least one case and every case PASSED, and otherwise fails with the per-case table. Declare
 * the matcher for TypeScript with
 * `declare global { namespace jest { interface Matchers<R> { toPassEval(): R } } }` (with `@types/jest`).
 *
 * @example
 * ```ts
 * expect.extend(evalMatchers);
 * expect(await lastValueFrom(evaluate({ agent, evalSet }).pipe(toArray()))).toPassEval();
 * ```
 */
export const evalMatchers = {
  toPassEval(received: readonly EvalCaseResult[]): MatcherResult {
    const pass = Array.isArray(received) && received.length > 0 && received.every((r) => r.finalEvalStatus === EvalStatus.PASSED);
    const table = Array.isArray(received) ? evalResultsTable(received) : `not a list of eval case results: ${String(received)}`;
    return { pass, message: () => (pass ? `Expected the evaluation not to pass, but every case passed:\n${table}` : `Expected every eval case to pass:\n${table}`) };
  },
};
