import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { EvalCriterion } from '../../lib/evaluation/eval-metric.js';
import { type Invocation, userText } from '../../lib/evaluation/eval-set.js';
import { EvalStatus } from '../../lib/evaluation/eval-status.js';
import { evaluate } from '../../lib/evaluation/evaluate.js';
import { finalResponseMatchV2 } from '../../lib/evaluation/final-response-match-v2.js';
import { majorityVote, validityScoreOf } from '../../lib/evaluation/judge-verdict.js';
import { Gemini } from '../../lib/models/gemini.js';
import { LLMRegistry } from '../../lib/models/llm-registry.js';
import { GeminiStandIn } from '../../lib/testing/gemini-stand-in.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { text } from '../support/llm.js';

const said = (query: string, answer: string): Invocation => ({ invocationId: '', userContent: userText(query), finalResponse: { role: 'model', parts: [{ text: answer }] }, creationTimestamp: 0 });
const verdict = (label: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text: `\`\`\`json\n{\n  "is_the_agent_response_valid": "${label}",\n  "reasoning": "compared"\n}\n\`\`\`` }] }, finishReason: 'STOP' }] });
const criterion = (judgeModel: string, numSamples: number): EvalCriterion => ({ metricName: 'final_response_match_v2', threshold: 0.5, options: { judgeModelOptions: { judgeModel, numSamples } } });

describe('final_response_match_v2 (LLM judge)', () => {
  let standIn: GeminiStandIn;
  beforeAll(async () => {
    standIn = await GeminiStandIn.start();
    // any model string: this one resolves, through the LLM registry, to the real Gemini client against the stand-in
    LLMRegistry.register(/^stand-in\//, (model) => new Gemini({ model: model.slice('stand-in/'.length), apiKey: 'test', httpOptions: { baseUrl: standIn.baseUrl } }));
  });
  afterAll(() => standIn.close());

  it("asks the judge numSamples times with ADK's prompt, and takes the majority verdict per invocation", async () => {
    standIn.enqueue(verdict('valid'), verdict('invalid'), verdict('valid'), verdict('invalid'), verdict('invalid'), verdict('valid'));
    const actual = [said('Weather in Paris?', 'Sunny, 25°C.'), said('And in Oslo?', 'Snow.')];
    const expected = [said('Weather in Paris?', 'It is sunny in Paris.'), said('And in Oslo?', 'It is raining in Oslo.')];
    const scores = await lastValueFrom(finalResponseMatchV2({ actual, expected, criterion: criterion('stand-in/gemini-2.5-flash', 3) }));
    expect(scores).toEqual({ score: 0.5, perInvocation: [1, 0] });
    const requests = standIn.requests.splice(0);
    expect(requests.map((r) => r.model)).toEqual(Array(6).fill('gemini-2.5-flash'));
    const prompt = (requests[0]!.body as { contents: Array<{ parts: Array<{ text: string }> }> }).contents[0]!.parts[0]!.text;
    expect(prompt).toContain('You are an expert rater for an AI agent.');
    expect(prompt).toContain('"User prompt": Weather in Paris?,\n  "Agent response": Sunny, 25°C.,\n  "Reference response": It is sunny in Paris.,');
    expect(prompt).toContain('"is_the_agent_response_valid": [valid or invalid],');
  });

  it('runs as a criterion of evaluate(): the case passes or fails on the judge', async () => {
    standIn.enqueue(verdict('valid'));
    const agent = new LlmAgent({ name: 'weather', model: new ScriptedLlm([text('Sunny in Paris.')]) });
    const [result] = await lastValueFrom(
      evaluate({ agent, evalSet: { evalSetId: 's', creationTimestamp: 0, evalCases: [{ evalId: 'c', creationTimestamp: 0, conversation: [said('Weather in Paris?', 'It is sunny in Paris.')] }] }, criteria: { criteria: { final_response_match_v2: { threshold: 1, judge_model_options: { judge_model: 'stand-in/gemini-2.5-pro', num_samples: 1 } } } } }).pipe(toArray()),
    );
    expect(result!.overallEvalMetricResults).toEqual([{ metricName: 'final_response_match_v2', threshold: 1, score: 1, evalStatus: EvalStatus.PASSED }]);
    expect(standIn.requests.splice(0).map((r) => r.model)).toEqual(['gemini-2.5-pro']);
  });

  it('a judge that gives no verdict leaves the metric NOT_EVALUATED with the reason', async () => {
    const judge = new ScriptedLlm([text('I cannot tell.'), text('{"is_the_agent_response_valid": "maybe"}')]);
    LLMRegistry.register('scripted-judge', () => judge);
    const scores = await lastValueFrom(finalResponseMatchV2({ actual: [said('q', 'a')], expected: [said('q', 'b')], criterion: criterion('scripted-judge', 2) }));
    expect(scores.score).toBeUndefined();
    expect(scores.details).toMatch(/no verdict/);
    expect(judge.callCount).toBe(2);
  });
});

describe("the judge's verdict", () => {
  it.each([
    ['{"is_the_agent_response_valid": "valid", "reasoning": "ok"}', 1],
    ['{"is_the_agent_response_valid": "invalid", "reasoning": "no"}', 0],
    ['```json\n{\n  "is_the_agent_response_valid": ["valid"],\n  "reasoning": "x"\n}\n```', 1],
    ['{"is_the_agent_response_valid": valid\n}', 1],
    ['{"is_the_agent_response_invalid": "invalid"}', 0],
    ['{"reasoning": "no label"}', undefined],
    ['valid', undefined],
  ])('%j → %p', (answer, score) => {
    expect(validityScoreOf(answer)).toBe(score);
  });

  it('majority vote: more valid than invalid wins; a tie is invalid; samples without a verdict are left out', () => {
    expect(majorityVote([1, 1, 0])).toBe(1);
    expect(majorityVote([1, 0])).toBe(0);
    expect(majorityVote([1, undefined, 0, 0])).toBe(0);
    expect(majorityVote([undefined, 1])).toBe(1);
    expect(majorityVote([undefined])).toBeUndefined();
    expect(majorityVote([])).toBeUndefined();
  });
});
