import { firstValueFrom, lastValueFrom, take, toArray } from 'rxjs';
import type { LlmRequest } from '../../lib/models/llm-request.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { EvalInputError } from '../../lib/evaluation/eval-input-error.js';
import type { EvalCaseResult } from '../../lib/evaluation/eval-result.js';
import { type EvalCase, type EvalSet, type Invocation, userText } from '../../lib/evaluation/eval-set.js';
import { EvalStatus } from '../../lib/evaluation/eval-status.js';
import { evaluate } from '../../lib/evaluation/evaluate.js';
import { ThresholdRangeError } from '../../lib/evaluation/threshold-range-error.js';
import { UnknownMetricError } from '../../lib/evaluation/unknown-metric-error.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { calls, text } from '../support/llm.js';
import { testScheduler } from '../support/test-scheduler.js';

/** A home model: "turn <status> the <room> light" calls set_light; "who am I" calls whoami; a tool's response is put in words. */
function homeReply(request: LlmRequest): LlmResponse | Error {
  const last = request.contents[request.contents.length - 1]!;
  const response = last.parts?.find((part) => part.functionResponse)?.functionResponse;
  if (response) return text(`Done: ${JSON.stringify(response.response)}`);
  const said = last.parts?.map((part) => part.text ?? '').join('') ?? '';
  const light = /turn (on|off) the (\w+) light/.exec(said);
  if (light) return calls({ name: 'set_light', args: { room: light[2], status: light[1] } });
  if (said.includes('who am I')) return calls({ name: 'whoami', args: {} });
  if (said.includes('crash')) return new Error('the model is down');
  return text(`You said: ${said}`);
}

function homeAgent(seen: string[] = []): LlmAgent {
  const model = new ScriptedLlm(
    Array.from({ length: 100 }, () => (request: LlmRequest) => {
      const reply = homeReply(request);
      return reply instanceof Error ? reply : reply;
    }),
  );
  return new LlmAgent({
    name: 'home',
    model,
    tools: [
      new FunctionTool({
        name: 'set_light',
        description: 'Sets a light.',
        parameters: { type: 'object', properties: { room: { type: 'string' }, status: { type: 'string' } } },
        execute: (args) => (seen.push(`${String(args['room'])}:${String(args['status'])}`), { room: args['room'], status: args['status'] }),
      }),
      new FunctionTool({ name: 'whoami', description: 'Who the user is.', execute: (_args, ctx) => ({ name: ctx.state.get('name') }) }),
    ],
  });
}

const invocation = (query: string, answer: string, toolUses: Array<{ name: string; args: Record<string, unknown> }> = []): Invocation => ({
  invocationId: '',
  userContent: userText(query),
  finalResponse: { role: 'model', parts: [{ text: answer }] },
  intermediateData: { toolUses, toolResponses: [], intermediateResponses: [] },
  creationTimestamp: 0,
});

const caseOf = (evalId: string, conversation: Invocation[], extra: Partial<EvalCase> = {}): EvalCase => ({ evalId, conversation, creationTimestamp: 0, ...extra });
const setOf = (...evalCases: EvalCase[]): EvalSet => ({ evalSetId: 'home_set', evalCases, creationTimestamp: 0 });
const all = (options: Parameters<typeof evaluate>[0]): Promise<EvalCaseResult[]> => lastValueFrom(evaluate(options).pipe(toArray()));

const kitchen = invocation('turn off the kitchen light', 'Done: {"room":"kitchen","status":"off"}', [{ name: 'set_light', args: { room: 'kitchen', status: 'off' } }]);

describe('evaluate()', () => {
  it('runs a case in a fresh session and scores it with the default criteria (one result, PASSED)', async () => {
    const [result, ...rest] = await all({ agent: homeAgent(), evalSet: setOf(caseOf('kitchen', [kitchen])) });
    expect(rest).toEqual([]);
    expect(result).toMatchObject({ evalSetId: 'home_set', evalId: 'kitchen', finalEvalStatus: EvalStatus.PASSED, userId: 'test_user_id' });
    expect(result!.sessionId).toMatch(/^___eval___session___[0-9a-f-]{36}$/);
    expect(result!.overallEvalMetricResults).toEqual([
      { metricName: 'tool_trajectory_avg_score', threshold: 1, score: 1, evalStatus: EvalStatus.PASSED },
      { metricName: 'response_match_score', threshold: 0.8, score: 1, evalStatus: EvalStatus.PASSED },
    ]);
    const [perInvocation] = result!.evalMetricResultPerInvocation;
    expect(perInvocation!.expectedInvocation).toBe(kitchen);
    expect(perInvocation!.actualInvocation.intermediateData).toMatchObject({ toolUses: [{ name: 'set_light', args: { room: 'kitchen', status: 'off' } }] });
    expect(perInvocation!.evalMetricResults.map((r) => r.score)).toEqual([1, 1]);
  });

  it('plays a multi-turn case turn after turn in one session holding session_input.state; each invocation is scored', async () => {
    const conversation = [kitchen, invocation('who am I?', 'Done: {"name":"Ada"}', [{ name: 'whoami', args: {} }]), invocation('turn on the hall light', 'wrong words', [{ name: 'set_light', args: { room: 'hall', status: 'on' } }])];
    const [result] = await all({
      agent: homeAgent(),
      evalSet: setOf(caseOf('three_turns', conversation, { sessionInput: { appName: 'home', userId: 'ada', state: { name: 'Ada' } } })),
      criteria: { criteria: { tool_trajectory_avg_score: 1, response_match_score: 0.9 } },
    });
    expect(result!.userId).toBe('ada');
    expect(result!.evalMetricResultPerInvocation.map((p) => p.evalMetricResults.map((r) => r.evalStatus))).toEqual([
      [EvalStatus.PASSED, EvalStatus.PASSED],
      [EvalStatus.PASSED, EvalStatus.PASSED],
      [EvalStatus.PASSED, EvalStatus.FAILED],
    ]);
    expect(result!.overallEvalMetricResults[1]!.score).toBeCloseTo(2 / 3, 4);
    expect(result!.finalEvalStatus).toBe(EvalStatus.FAILED);
  });

  it('fails a case whose trajectory differs; IN_ORDER and ignore_args options reach the metric', async () => {
    const wrongRoom = invocation('turn off the kitchen light', 'Done: {"room":"kitchen","status":"off"}', [{ name: 'set_light', args: { room: 'bedroom', status: 'off' } }]);
    const strict = await all({ agent: homeAgent(), evalSet: setOf(caseOf('c', [wrongRoom])), criteria: { criteria: { tool_trajectory_avg_score: 1 } } });
    expect(strict[0]!.overallEvalMetricResults[0]).toMatchObject({ score: 0, evalStatus: EvalStatus.FAILED });
    const lenient = await all({ agent: homeAgent(), evalSet: setOf(caseOf('c', [wrongRoom])), criteria: { criteria: { tool_trajectory_avg_score: { threshold: 1, match_type: 'IN_ORDER', ignore_args: ['room'] } } } });
    expect(lenient[0]!.finalEvalStatus).toBe(EvalStatus.PASSED);
  });

  it('scores against the invocation_events form of intermediate data too', async () => {
    const events: Invocation = {
      ...kitchen,
      intermediateData: { invocationEvents: [{ author: 'home', content: { role: 'model', parts: [{ functionCall: { name: 'set_light', args: { status: 'off', room: 'kitchen' } } }] } }] },
    };
    const [result] = await all({ agent: homeAgent(), evalSet: setOf(caseOf('events', [events])) });
    expect(result!.overallEvalMetricResults[0]).toMatchObject({ metricName: 'tool_trajectory_avg_score', score: 1 });
  });

  it('an empty set gives no result and completes', async () => {
    expect(await all({ agent: homeAgent(), evalSet: setOf() })).toEqual([]);
  });

  it('reports a conversation_scenario case NOT_EVALUATED with the reason, without running it', async () => {
    const seen: string[] = [];
    const [result] = await all({ agent: homeAgent(seen), evalSet: setOf(caseOf('sim', [], { conversationScenario: { startingPrompt: 'hi' } })) });
    expect(result).toMatchObject({ finalEvalStatus: EvalStatus.NOT_EVALUATED, overallEvalMetricResults: [] });
    expect(result!.reason).toMatch(/conversation_scenario/);
    expect(seen).toEqual([]);
  });

  it('makes a case whose agent errors FAILED with the error as reason, and goes on with the next case', async () => {
    const results = await all({ agent: homeAgent(), evalSet: setOf(caseOf('boom', [invocation('crash now', 'x')]), caseOf('kitchen', [kitchen])) });
    expect(results.map((r) => [r.evalId, r.finalEvalStatus])).toEqual([
      ['boom', EvalStatus.FAILED],
      ['kitchen', EvalStatus.PASSED],
    ]);
    expect(results[0]!.reason).toMatch(/the model is down/);
  });

  it('runs each case numRuns times, each in its own session', async () => {
    const seen: string[] = [];
    const results = await all({ agent: homeAgent(seen), evalSet: setOf(caseOf('kitchen', [kitchen])), numRuns: 3 });
    expect(results.map((r) => r.evalId)).toEqual(['kitchen', 'kitchen', 'kitchen']);
    expect(new Set(results.map((r) => r.sessionId)).size).toBe(3);
    expect(seen).toEqual(['kitchen:off', 'kitchen:off', 'kitchen:off']);
  });

  it('runs `parallel` cases at once: the results come in completion order (marbles)', () => {
    const delays: Record<string, string> = { a: '-----a|', b: '--a|', c: '-a|' };
    const order = (parallel: number) =>
      testScheduler().run(({ cold, flush }) => {
        const agent = new LlmAgent({
          name: 'timed',
          model: new ScriptedLlm(Array.from({ length: 3 }, () => (request: LlmRequest) => {
            const said = request.contents[request.contents.length - 1]!.parts![0]!.text!;
            return cold(delays[said]!, { a: text(said) });
          })),
        });
        const ends: string[] = [];
        evaluate({ agent, evalSet: setOf(...['a', 'b', 'c'].map((id) => caseOf(id, [invocation(id, id)]))), parallel }).subscribe((r) => ends.push(r.evalId));
        flush();
        return ends;
      });
    expect(order(1)).toEqual(['a', 'b', 'c']);
    expect(order(2)).toEqual(['b', 'c', 'a']);
    expect(order(3)).toEqual(['c', 'b', 'a']);
  });

  it('unsubscribing cancels the model call under way (marbles)', () => {
    testScheduler().run(({ cold, expectSubscriptions, flush }) => {
      const never = cold<LlmResponse>('-');
      const agent = new LlmAgent({ name: 'slow', model: new ScriptedLlm([() => never]) });
      const subscription = evaluate({ agent, evalSet: setOf(caseOf('a', [invocation('hi', 'hi')])) }).subscribe();
      cold('---a|').subscribe(() => subscription.unsubscribe());
      flush();
      expectSubscriptions(never.subscriptions).toBe('^--!');
    });
  });

  it('is cold, and unsubscribing cancels the runs under way', async () => {
    const seen: string[] = [];
    const results = evaluate({ agent: homeAgent(seen), evalSet: setOf(caseOf('a', [kitchen]), caseOf('b', [kitchen])) });
    expect(seen).toEqual([]);
    const first = await firstValueFrom(results.pipe(take(1)));
    expect(first.evalId).toBe('a');
    expect(seen).toEqual(['kitchen:off']);
  });

  it('refuses bad criteria and counts with named errors', async () => {
    const set = setOf(caseOf('kitchen', [kitchen]));
    await expect(all({ agent: homeAgent(), evalSet: set, criteria: { criteria: { tool_trajectory_score: 1 } } })).rejects.toBeInstanceOf(UnknownMetricError);
    await expect(all({ agent: homeAgent(), evalSet: set, criteria: { criteria: { response_match_score: 1.5 } } })).rejects.toBeInstanceOf(ThresholdRangeError);
    await expect(all({ agent: homeAgent(), evalSet: set, numRuns: 0 })).rejects.toBeInstanceOf(EvalInputError);
    await expect(all({ evalSet: set })).rejects.toThrow(/needs app, agent, agentDir or runner/);
  });

  it('scores with a custom metric registered by name', async () => {
    const [result] = await all({
      agent: homeAgent(),
      evalSet: setOf(caseOf('kitchen', [kitchen])),
      criteria: { criteria: { says_done: 1 }, customMetrics: { says_done: ({ actual }) => Promise.resolve(actual.every((i) => i.finalResponse?.parts?.[0]?.text?.startsWith('Done')) ? 1 : 0) } },
    });
    expect(result!.overallEvalMetricResults).toEqual([{ metricName: 'says_done', threshold: 1, score: 1, evalStatus: EvalStatus.PASSED }]);
  });
});
