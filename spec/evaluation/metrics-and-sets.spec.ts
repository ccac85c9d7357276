import { readFileSync } from 'node:fs';
import type { FunctionCall } from '@google/genai';
import { EvalInputError } from '../../lib/evaluation/eval-input-error.js';
import { type Invocation, userText } from '../../lib/evaluation/eval-set.js';
import { evalStatusOf, EvalStatus } from '../../lib/evaluation/eval-status.js';
import { parseEvalSet } from '../../lib/evaluation/parse-eval-set.js';
import { responseMatchScore } from '../../lib/evaluation/response-match-score.js';
import { toolTrajectoryAvgScore, toolTrajectoryScore } from '../../lib/evaluation/tool-trajectory-score.js';

const read = (name: string): unknown => JSON.parse(readFileSync(`spec/fixtures/evaluation/adk/${name}`, 'utf8'));
const call = (name: string, args: Record<string, unknown> = {}): FunctionCall => ({ name, args });
const inv = (calls: FunctionCall[], text = ''): Invocation => ({
  invocationId: '',
  userContent: userText('q'),
  finalResponse: { role: 'model', parts: [{ text }] },
  intermediateData: { toolUses: calls, toolResponses: [], intermediateResponses: [] },
  creationTimestamp: 0,
});

describe('parseEvalSet', () => {
  it("reads ADK's snake_case EvalSet file (nulls dropped, genai keys camelCased, args kept)", () => {
    const set = parseEvalSet(read('simple_test.test.json'), 'simple_test.test.json');
    const invocation = set.evalCases[0]!.conversation![0]!;
    expect(invocation.userContent).toEqual(userText('Turn off device_2 in the Bedroom.'));
    expect(invocation.intermediateData).toEqual({
      toolUses: [{ name: 'set_device_info', args: { location: 'Bedroom', device_id: 'device_2', status: 'OFF' } }],
      toolResponses: [],
      intermediateResponses: [],
    });
  });

  it('migrates the old [{query, expected_tool_use, reference}] format', () => {
    const set = parseEvalSet(read('simple_test2.test.json'), 'simple_test2.test.json');
    expect(set.evalSetId).toBe('simple_test2');
    const invocation = set.evalCases[0]!.conversation![0]!;
    expect(invocation.finalResponse).toEqual({ role: 'model', parts: [{ text: 'I have set the device_3 status to off.' }] });
    expect((invocation.intermediateData as { toolUses: unknown }).toolUses).toEqual([{ name: 'set_device_info', args: { location: 'Bedroom', device_id: 'device_3', status: 'OFF' } }]);
  });

  it('reads camelCase and the invocation_events form', () => {
    const set = parseEvalSet(
      { evalSetId: 's', evalCases: [{ evalId: 'c', conversation: [{ userContent: userText('hi'), intermediateData: { invocation_events: [{ author: 'a', content: { parts: [{ function_call: { name: 'f', args: { x: 1 } } }] } }] } }] }] },
      'mem',
    );
    const actual = set.evalCases[0]!.conversation![0]!;
    expect(toolTrajectoryScore(actual, inv([call('f', { x: 1 })]))).toBe(1);
  });

  it('refuses an unknown key, naming the key and the file', () => {
    const parse = () => parseEvalSet({ eval_set_id: 's', eval_cases: [{ eval_id: 'c', conversation: [], surprise: 1 }] }, 'sets/x.evalset.json');
    expect(parse).toThrow(EvalInputError);
    expect(parse).toThrow(/"surprise".*sets\/x\.evalset\.json/);
  });

  it('refuses an unknown key in an old-format row', () => {
    expect(() => parseEvalSet([{ query: 'q', expected_tool: [] }], 'old.test.json')).toThrow(/"expected_tool".*old\.test\.json/);
  });
});

describe('tool_trajectory_avg_score', () => {
  const expected = inv([call('a', { x: 1 }), call('b', { y: 2 })]);

  it('EXACT: same calls in the same order, nothing more (key order and ids ignored)', () => {
    expect(toolTrajectoryScore(inv([{ ...call('a', { x: 1 }), id: 'id1' }, call('b', { y: 2 })]), expected)).toBe(1);
    expect(toolTrajectoryScore(inv([call('b', { y: 2 }), call('a', { x: 1 })]), expected)).toBe(0);
    expect(toolTrajectoryScore(inv([call('a', { x: 1 }), call('c'), call('b', { y: 2 })]), expected)).toBe(0);
  });

  it('IN_ORDER allows calls between; ANY_ORDER allows any order', () => {
    const between = inv([call('a', { x: 1 }), call('c'), call('b', { y: 2 })]);
    const swapped = inv([call('b', { y: 2 }), call('a', { x: 1 })]);
    expect(toolTrajectoryScore(between, expected, { matchType: 'IN_ORDER' })).toBe(1);
    expect(toolTrajectoryScore(swapped, expected, { matchType: 'IN_ORDER' })).toBe(0);
    expect(toolTrajectoryScore(swapped, expected, { matchType: 'ANY_ORDER' })).toBe(1);
    expect(toolTrajectoryScore(inv([call('a', { x: 1 })]), expected, { matchType: 'ANY_ORDER' })).toBe(0);
  });

  it('beyond ADK: ignores all arguments, or the named ones', () => {
    const other = inv([call('a', { x: 9 }), call('b', { y: 2, t: 5 })]);
    expect(toolTrajectoryScore(other, expected)).toBe(0);
    expect(toolTrajectoryScore(other, expected, { ignoreArgs: true })).toBe(1);
    expect(toolTrajectoryScore(other, expected, { ignoreArgs: ['x', 't'] })).toBe(1);
    expect(toolTrajectoryScore(other, expected, { ignoreArgs: ['t'] })).toBe(0);
  });

  it('is the mean over invocations, undefined for none', () => {
    expect(toolTrajectoryAvgScore([expected, inv([])], [expected, expected])).toBe(0.5);
    expect(toolTrajectoryAvgScore([], [])).toBeUndefined();
  });
});

describe('response_match_score and statuses', () => {
  it('is the mean ROUGE-1 F of the final responses', () => {
    expect(responseMatchScore([inv([], 'It is sunny in Paris')], [inv([], 'It is sunny in Paris today')])).toBeCloseTo(0.9091, 4);
  });

  it('maps scores to ADK numeric statuses', () => {
    expect(evalStatusOf(0.8, 0.8)).toBe(EvalStatus.PASSED);
    expect(evalStatusOf(0.79, 0.8)).toBe(2);
    expect(evalStatusOf(undefined, 0.8)).toBe(3);
  });
});
