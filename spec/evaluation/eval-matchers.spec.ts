import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { assertEvalPassed } from '../../lib/evaluation/assert-eval-passed.js';
import { EvalFailedError } from '../../lib/evaluation/eval-failed-error.js';
import { evalMatchers } from '../../lib/evaluation/eval-matchers.js';
import type { EvalCaseResult } from '../../lib/evaluation/eval-result.js';
import { evalResultsTable } from '../../lib/evaluation/eval-results-table.js';
import { type EvalSet, userText } from '../../lib/evaluation/eval-set.js';
import { EvalStatus } from '../../lib/evaluation/eval-status.js';
import { evaluate } from '../../lib/evaluation/evaluate.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { text } from '../support/llm.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R> {
      toPassEval(): R;
    }
  }
}

expect.extend(evalMatchers);

const evalSet: EvalSet = {
  evalSetId: 'greetings',
  creationTimestamp: 0,
  evalCases: [
    { evalId: 'hello', creationTimestamp: 0, conversation: [{ invocationId: '', userContent: userText('Hi'), finalResponse: { role: 'model', parts: [{ text: 'Hello there!' }] }, creationTimestamp: 0 }] },
    { evalId: 'bye', creationTimestamp: 0, conversation: [{ invocationId: '', userContent: userText('Bye'), finalResponse: { role: 'model', parts: [{ text: 'Goodbye, see you soon!' }] }, creationTimestamp: 0 }] },
  ],
};

const resultsOf = (answers: string[]): Promise<EvalCaseResult[]> =>
  lastValueFrom(evaluate({ agent: new LlmAgent({ name: 'greeter', model: new ScriptedLlm(answers.map(text)) }), evalSet }).pipe(toArray()));

describe('evaluation in Jest', () => {
  it('expect(results).toPassEval() passes when every case passed', async () => {
    expect(await resultsOf(['Hello there!', 'Goodbye, see you soon!'])).toPassEval();
  });

  it('toPassEval fails with the per-case table', async () => {
    const results = await resultsOf(['Hello there!', 'Whatever.']);
    const outcome = evalMatchers.toPassEval(results);
    expect(outcome.pass).toBe(false);
    expect(outcome.message()).toBe(`Expected every eval case to pass:\n${evalResultsTable(results)}`);
    expect(outcome.message()).toMatch(/\nbye +response_match_score +0\.0000 +0\.80 +FAILED\n/);
    expect(() => expect(results).toPassEval()).toThrow(/bye +response_match_score +0\.0000 +0\.80 +FAILED/);
    expect(() => expect([]).toPassEval()).toThrow(/0 cases: 0 passed/);
  });

  it('assertEvalPassed throws an EvalFailedError holding the results, its message the table', async () => {
    const results = await resultsOf(['Hi.', 'Goodbye, see you soon!']);
    expect(() => assertEvalPassed(results)).toThrow(EvalFailedError);
    expect(() => assertEvalPassed(results)).toThrow(/Evaluation failed:\nCase +Metric +Score +Threshold +Status\nhello +tool_trajectory_avg_score +1\.0000 +1\.00 +PASSED\nhello +response_match_score +0\.\d{4} +0\.80 +FAILED\n/);
    const passing = await resultsOf(['Hello there!', 'Goodbye, see you soon!']);
    expect(() => assertEvalPassed(passing)).not.toThrow();
  });

  it('a NOT_EVALUATED case fails assertEvalPassed unless allowed; the table gives its reason', () => {
    const notRun: EvalCaseResult = { evalSetId: 's', evalId: 'sim', finalEvalStatus: EvalStatus.NOT_EVALUATED, overallEvalMetricResults: [], evalMetricResultPerInvocation: [], sessionId: 'x', reason: 'The case has a conversation_scenario.' };
    expect(() => assertEvalPassed([notRun])).toThrow(/sim +- +- +- +NOT_EVALUATED \(The case has a conversation_scenario\.\)/);
    expect(() => assertEvalPassed([notRun], { allowNotEvaluated: true })).not.toThrow();
  });
});
