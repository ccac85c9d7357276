import { concatMap, defaultIfEmpty, defer, from, map, type Observable, range, takeLast, toArray } from 'rxjs';
import type { GenerateContentConfig } from '@google/genai';
import type { BaseLlm } from '../models/base-llm.js';
import { createLlmRequest } from '../models/llm-request.js';
import { LLMRegistry } from '../models/llm-registry.js';
import type { MetricInput, MetricScores } from './eval-metric.js';
import type { Invocation } from './eval-set.js';
import { finalResponseMatchV2Prompt } from './final-response-match-v2-prompt.js';
import { majorityVote, validityScoreOf } from './judge-verdict.js';
import { textOf } from './response-match-score.js';

/** ADK's default judge and number of samples. */
const DEFAULT_JUDGE = { judgeModel: 'gemini-2.5-flash', numSamples: 5 };

/**
 * `final_response_match_v2`: an LLM judge (any model string the LLM registry resolves,
 * `judge_model_options.judge_model`, default `gemini-2.5-flash`) rates each final response
 * against the expected one with ADK's prompt, `num_samples` times (default 5); ADK's majority vote
 * (a tie is invalid) makes the invocation's score 1 or 0; the case's score is the fraction of
 * invocations judged valid. Samples without a verdict are left out; none at all: no score.
 *
 * @example
 * ```ts
 * finalResponseMatchV2({ actual, expected, criterion: { metricName: 'final_response_match_v2', threshold: 0.5,
 *   options: { judgeModelOptions: { judgeModel: 'gemini-2.5-flash', numSamples: 3 } } } }).subscribe(({ score }) => score);
 * ```
 */
export function finalResponseMatchV2(input: MetricInput): Observable<MetricScores> {
  return defer(() => {
    const options = { ...DEFAULT_JUDGE, ...(input.criterion.options['judgeModelOptions'] as Partial<typeof DEFAULT_JUDGE> & { judgeModelConfig?: GenerateContentConfig } | undefined) };
    const judge = LLMRegistry.newLlm(options.judgeModel);
    const pairs = input.expected.slice(0, input.actual.length).map((expected, i) => [input.actual[i]!, expected] as const);
    return from(pairs).pipe(
      concatMap(([actual, expected]) => judgeInvocation(judge, actual, expected, options.numSamples, options.judgeModelConfig)),
      toArray(),
      map(scoresOf),
    );
  });
}

function judgeInvocation(judge: BaseLlm, actual: Invocation, expected: Invocation, samples: number, config: GenerateContentConfig | undefined): Observable<number | undefined> {
  const prompt = finalResponseMatchV2Prompt({
    functionApiSpec: 'None',
    prompt: textOf(expected.userContent),
    response: textOf(actual.finalResponse),
    goldenResponse: textOf(expected.finalResponse),
  });
  const request = () => createLlmRequest({ model: judge.model, contents: [{ role: 'user', parts: [{ text: prompt }] }], config: { ...config } });
  return range(0, Math.max(1, samples)).pipe(
    concatMap(() => judge.generateContent(request(), false).pipe(takeLast(1), map((response) => validityScoreOf(textOf(response.content))), defaultIfEmpty(undefined))),
    toArray(),
    map(majorityVote),
  );
}

function scoresOf(perInvocation: Array<number | undefined>): MetricScores {
  const judged = perInvocation.filter((s): s is number => s !== undefined);
  if (judged.length === 0) return { perInvocation, details: 'The judge gave no verdict ("is_the_agent_response_valid": valid or invalid).' };
  return { score: judged.reduce((a, b) => a + b, 0) / judged.length, perInvocation };
}
