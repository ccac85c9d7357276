import type { FinishReason, GenerateContentResponse } from '@google/genai';
import type { LlmResponse } from './llm-response.js';

/**
 * The fields of `@google/genai`'s `GenerateContentResponse` that {@link llmResponseFromGenai}
 * reads. A plain object with these fields (e.g. parsed JSON from the REST API) works as well as the
 * SDK's class instance.
 *
 * @example
 * ```ts
 * const json: GenaiResponseLike = JSON.parse('{"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]}}]}');
 * llmResponseFromGenai(json).content; // { role: 'model', parts: [{ text: 'Hi' }] }
 * ```
 */
export type GenaiResponseLike = Pick<
  GenerateContentResponse,
  'candidates' | 'promptFeedback' | 'usageMetadata' | 'modelVersion'
>;

/**
 * Maps one `GenerateContentResponse` (or one streamed chunk of it) to a plain {@link LlmResponse},
 * as ADK Python's `LlmResponse.create` does:
 *
 * - the first candidate has content parts, or finished with `STOP` → its `content`,
 *   `finishReason`, grounding / citation metadata, log-probabilities and the usage metadata;
 * - the first candidate has no content and finished for another reason (`SAFETY`, `MAX_TOKENS`,
 *   ...) → `errorCode` = that finish reason, `errorMessage` = the candidate's `finishMessage`;
 * - there is no candidate and the prompt was blocked → `errorCode` = the prompt feedback's
 *   `blockReason`, `errorMessage` = its `blockReasonMessage`;
 * - no candidate and no prompt feedback → an empty, successful model turn.
 *
 * The result is plain data: fields that are absent in the response are absent (not `undefined`)
 * in the result.
 *
 * @example
 * ```ts
 * llmResponseFromGenai({
 *   candidates: [{ content: { role: 'model', parts: [{ text: 'Hi!' }] }, finishReason: FinishReason.STOP }],
 *   modelVersion: 'gemini-2.5-flash',
 * });
 * // { content: { role: 'model', parts: [{ text: 'Hi!' }] }, finishReason: 'STOP', modelVersion: 'gemini-2.5-flash' }
 *
 * llmResponseFromGenai({ promptFeedback: { blockReason: BlockedReason.SAFETY } });
 * // { errorCode: 'SAFETY' }
 * ```
 */
export function llmResponseFromGenai(response: GenaiResponseLike): LlmResponse {
  const candidate = response.candidates?.[0];
  const common = { usageMetadata: response.usageMetadata, modelVersion: response.modelVersion };
  if (candidate) {
    const candidateFields = {
      finishReason: candidate.finishReason,
      citationMetadata: candidate.citationMetadata,
      avgLogprobs: candidate.avgLogprobs,
      logprobsResult: candidate.logprobsResult,
    };
    if (hasParts(candidate.content) || candidate.finishReason === ('STOP' as FinishReason)) {
      return withoutUndefined({
        content: candidate.content,
        groundingMetadata: candidate.groundingMetadata,
        ...candidateFields,
        ...common,
      });
    }
    return withoutUndefined({
      errorCode: candidate.finishReason,
      errorMessage: candidate.finishMessage,
      ...candidateFields,
      ...common,
    });
  }
  if (response.promptFeedback) {
    return withoutUndefined({
      errorCode: response.promptFeedback.blockReason,
      errorMessage: response.promptFeedback.blockReasonMessage,
      ...common,
    });
  }
  return withoutUndefined({ content: { role: 'model', parts: [] }, ...common });
}

function hasParts(content: { parts?: unknown[] } | undefined): boolean {
  return (content?.parts?.length ?? 0) > 0;
}

/** A copy of `fields` without the keys whose value is `undefined` (keeps responses plain data). */
function withoutUndefined(fields: { [K in keyof LlmResponse]: LlmResponse[K] | undefined }): LlmResponse {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) result[key] = value;
  }
  return result as LlmResponse;
}
