import { catchError, concatMap, from, map, type Observable, of, toArray } from 'rxjs';
import type { Runner } from '../runner/runner.js';
import { actualInvocationOf } from './actual-invocation-of.js';
import type { EvalCriterion, EvalMetricFunction } from './eval-metric.js';
import type { EvalCaseResult } from './eval-result.js';
import type { EvalCase, Invocation } from './eval-set.js';
import { EvalStatus } from './eval-status.js';
import { EVAL_SESSION_ID_PREFIX } from './eval-session-id.js';
import { finalEvalStatusOf } from './final-eval-status-of.js';
import { scoreInvocations } from './score-invocations.js';

/** What {@link evalCaseRun} needs: the Runner, the case, and the criteria with their metrics. */
export interface EvalCaseRunInput {
  runner: Runner;
  evalSetId: string;
  evalCase: EvalCase;
  criteria: readonly EvalCriterion[];
  metrics: ReadonlyMap<string, EvalMetricFunction>;
}

/** ADK's user id when a case names none. */
const DEFAULT_USER_ID = 'test_user_id';

/**
 * One run of one case: a fresh session (`___eval___session___<uuid>`, as ADK names them) holding
 * `session_input.state`; each expected invocation's user content sent in turn; what the agent did
 * scored against the expected conversation. A `conversation_scenario` case is NOT_EVALUATED
 * (rxadk has no user simulator yet); an agent error makes the case FAILED with the error as reason.
 *
 * @example
 * ```ts
 * evalCaseRun({ runner, evalSetId: 'home', evalCase, criteria, metrics: BUILT_IN_METRICS }).subscribe((r) => r.finalEvalStatus);
 * ```
 */
export function evalCaseRun(input: EvalCaseRunInput): Observable<EvalCaseResult> {
  const { runner, evalCase } = input;
  const userId = evalCase.sessionInput?.userId || DEFAULT_USER_ID;
  const sessionId = `${EVAL_SESSION_ID_PREFIX}${globalThis.crypto.randomUUID()}`;
  const base = { evalSetId: input.evalSetId, evalId: evalCase.evalId, sessionId, userId };
  if (evalCase.conversationScenario !== undefined) {
    return of(unscored(base, EvalStatus.NOT_EVALUATED, 'The case has a conversation_scenario: rxadk has no user simulator yet, so it was not run.'));
  }
  const expected = evalCase.conversation ?? [];
  return runner.sessionService.createSession({ appName: runner.appName, userId, sessionId, state: { ...(evalCase.sessionInput?.state ?? {}) } }).pipe(
    concatMap(() => from(expected).pipe(concatMap((invocation) => runTurn(runner, userId, sessionId, invocation)), toArray())),
    concatMap((actual) => scoreInvocations(actual, expected, input.criteria, input.metrics)),
    map((scores): EvalCaseResult => ({ ...base, finalEvalStatus: finalEvalStatusOf(scores.overallEvalMetricResults), ...scores })),
    catchError((error: unknown) => of(unscored(base, EvalStatus.FAILED, `The agent failed: ${error instanceof Error ? error.message : String(error)}`))),
  );
}

function runTurn(runner: Runner, userId: string, sessionId: string, expected: Invocation): Observable<Invocation> {
  return runner.runAsync({ userId, sessionId, newMessage: expected.userContent }).pipe(
    toArray(),
    map((events) => actualInvocationOf(expected.userContent, events, Date.now() / 1000)),
  );
}

function unscored(base: Pick<EvalCaseResult, 'evalSetId' | 'evalId' | 'sessionId' | 'userId'>, status: EvalStatus, reason: string): EvalCaseResult {
  return { ...base, finalEvalStatus: status, overallEvalMetricResults: [], evalMetricResultPerInvocation: [], reason };
}
