import type { FinishReason, GenerateContentResponseUsageMetadata, Part } from '@google/genai';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import type { LlmResponse } from '../models/llm-response.js';

/**
 * A Chat Completions answer as an {@link LlmResponse} (the first choice):
 *
 * | ChatCompletion | LlmResponse |
 * |---|---|
 * | `message.reasoning_content` / `reasoning` (DeepSeek, vLLM, Ollama, LM Studio) | a thought part (`thought: true`), first |
 * | `message.content` | a text part |
 * | `message.tool_calls` | function-call parts with the model's `id`s; `arguments` parsed from JSON (text that is not a JSON object is kept as it is, and the framework answers the model with an `{error}`) |
 * | `finish_reason` | `finishReason` (see {@link finishReasonFromOpenAi}); without content, also `errorCode` / `errorMessage` |
 * | `usage` | `usageMetadata` (see {@link usageMetadataFromOpenAi}) |
 * | `model` | `modelVersion` |
 *
 * @example
 * ```ts
 * llmResponseFromChatCompletion(completion).content?.parts; // [{ text: 'It is sunny.' }]
 * ```
 */
export function llmResponseFromChatCompletion(completion: ChatCompletion): LlmResponse {
  const choice = completion.choices[0];
  const message = choice?.message as (ChatCompletion.Choice['message'] & { reasoning_content?: string; reasoning?: string }) | undefined;
  const parts: Part[] = [
    ...thoughtParts(message?.reasoning_content ?? message?.reasoning),
    ...(message?.content ? [{ text: message.content }] : []),
    ...(message?.tool_calls ?? []).flatMap((call) =>
      call.type === 'function' ? [functionCallPart(call.id, call.function.name, call.function.arguments)] : [],
    ),
  ];
  const finishReason = finishReasonFromOpenAi(choice?.finish_reason);
  const failed = parts.length === 0 && finishReason && finishReason !== ('STOP' as FinishReason);
  return {
    ...(parts.length ? { content: { role: 'model', parts } } : {}),
    ...(finishReason ? { finishReason } : {}),
    ...(failed ? { errorCode: finishReason, errorMessage: `The model stopped with finish_reason "${choice?.finish_reason}" and no content.` } : {}),
    ...(completion.usage ? { usageMetadata: usageMetadataFromOpenAi(completion.usage) } : {}),
    ...(completion.model ? { modelVersion: completion.model } : {}),
  };
}

/**
 * A function-call part from a tool call's id, name and JSON `arguments` text. Arguments that are
 * not a JSON object stay as the raw text, which the framework refuses with an `{error}` reply
 * naming the tool, so the model can call again.
 *
 * @example
 * ```ts
 * functionCallPart('call_1', 'get_weather', '{"city":"Paris"}'); // { functionCall: { id: 'call_1', name: 'get_weather', args: { city: 'Paris' } } }
 * ```
 */
export function functionCallPart(id: string | undefined, name: string, argumentsText: string): Part {
  return { functionCall: { ...(id ? { id } : {}), name, args: parseArguments(argumentsText) } };
}

function parseArguments(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : (text as never);
  } catch {
    return text as never;
  }
}

function thoughtParts(text: string | undefined): Part[] {
  return text ? [{ text, thought: true }] : [];
}

/**
 * Chat Completions' `finish_reason` as Gemini's `FinishReason`: `stop` and `tool_calls` (and the
 * old `function_call`) → `STOP`, `length` → `MAX_TOKENS`, `content_filter` → `SAFETY`; others →
 * `OTHER`.
 *
 * @example
 * ```ts
 * finishReasonFromOpenAi('length'); // 'MAX_TOKENS'
 * ```
 */
export function finishReasonFromOpenAi(reason: string | null | undefined): FinishReason | undefined {
  if (!reason) return undefined;
  const mapped = reason === 'stop' || reason === 'tool_calls' || reason === 'function_call' ? 'STOP' : reason === 'length' ? 'MAX_TOKENS' : reason === 'content_filter' ? 'SAFETY' : 'OTHER';
  return mapped as FinishReason;
}

/**
 * Chat Completions' `usage` as `usageMetadata`: `prompt_tokens` → `promptTokenCount`,
 * `completion_tokens` → `candidatesTokenCount`, `total_tokens` → `totalTokenCount`, reasoning
 * tokens → `thoughtsTokenCount`, cached prompt tokens → `cachedContentTokenCount`.
 *
 * @example
 * ```ts
 * usageMetadataFromOpenAi({ prompt_tokens: 7, completion_tokens: 5, total_tokens: 12 });
 * // { promptTokenCount: 7, candidatesTokenCount: 5, totalTokenCount: 12 }
 * ```
 */
export function usageMetadataFromOpenAi(usage: CompletionUsage): GenerateContentResponseUsageMetadata {
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  const cached = usage.prompt_tokens_details?.cached_tokens;
  return {
    promptTokenCount: usage.prompt_tokens,
    candidatesTokenCount: usage.completion_tokens,
    totalTokenCount: usage.total_tokens,
    ...(reasoning ? { thoughtsTokenCount: reasoning } : {}),
    ...(cached ? { cachedContentTokenCount: cached } : {}),
  };
}
