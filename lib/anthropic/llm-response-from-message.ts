import type { FinishReason, GenerateContentResponseUsageMetadata, Part } from '@google/genai';
import type { ContentBlock, Message, StopReason, Usage } from '@anthropic-ai/sdk/resources/messages';
import type { LlmResponse } from '../models/llm-response.js';

/**
 * An Anthropic `Message` as an {@link LlmResponse}:
 *
 * | Message | LlmResponse |
 * |---|---|
 * | `text` blocks | text parts |
 * | `thinking` blocks | thought parts (`thought: true`) with the block's `signature` as `thoughtSignature` |
 * | `redacted_thinking` blocks | thought parts with no text and the block's `data` as `thoughtSignature` |
 * | `tool_use` blocks | function-call parts (`id`, `name`, `args` = `input`) |
 * | `stop_reason` | `finishReason` (see {@link finishReasonFromAnthropic}); without content, also `errorCode` |
 * | `usage` | `usageMetadata` (see {@link usageMetadataFromAnthropic}) |
 * | `model` | `modelVersion` |
 * | server tools' blocks (web search, code execution) | dropped |
 *
 * @example
 * ```ts
 * llmResponseFromMessage(message).content?.parts; // [{ text: 'It is sunny.' }]
 * ```
 */
export function llmResponseFromMessage(message: Message): LlmResponse {
  const parts = message.content.flatMap(partOf);
  const finishReason = finishReasonFromAnthropic(message.stop_reason);
  const failed = parts.length === 0 && finishReason && finishReason !== ('STOP' as FinishReason);
  return {
    ...(parts.length ? { content: { role: 'model', parts } } : {}),
    ...(finishReason ? { finishReason } : {}),
    ...(failed ? { errorCode: finishReason, errorMessage: `The model stopped with stop_reason "${message.stop_reason}" and no content.` } : {}),
    usageMetadata: usageMetadataFromAnthropic(message.usage),
    ...(message.model ? { modelVersion: message.model } : {}),
  };
}

/**
 * One content block as parts (see {@link llmResponseFromMessage}).
 *
 * @example
 * ```ts
 * partOf({ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } } as ContentBlock);
 * // [{ functionCall: { id: 'toolu_1', name: 'get_weather', args: { city: 'Paris' } } }]
 * ```
 */
export function partOf(block: ContentBlock): Part[] {
  switch (block.type) {
    case 'text':
      return block.text ? [{ text: block.text }] : [];
    case 'thinking':
      return [{ text: block.thinking, thought: true, thoughtSignature: block.signature }];
    case 'redacted_thinking':
      return [{ thought: true, thoughtSignature: block.data }];
    case 'tool_use':
      return [{ functionCall: { id: block.id, name: block.name, args: (block.input ?? {}) as Record<string, unknown> } }];
    default:
      return [];
  }
}

/**
 * Anthropic's `stop_reason` as Gemini's `FinishReason`: `end_turn`, `tool_use`, `stop_sequence`
 * and `pause_turn` → `STOP`, `max_tokens` and `model_context_window_exceeded` → `MAX_TOKENS`,
 * `refusal` → `SAFETY`.
 *
 * @example
 * ```ts
 * finishReasonFromAnthropic('max_tokens'); // 'MAX_TOKENS'
 * ```
 */
export function finishReasonFromAnthropic(reason: StopReason | string | null | undefined): FinishReason | undefined {
  if (!reason) return undefined;
  const mapped =
    reason === 'max_tokens' || reason === 'model_context_window_exceeded' ? 'MAX_TOKENS' : reason === 'refusal' ? 'SAFETY' : reason === 'end_turn' || reason === 'tool_use' || reason === 'stop_sequence' || reason === 'pause_turn' ? 'STOP' : 'OTHER';
  return mapped as FinishReason;
}

/**
 * Anthropic's `usage` as `usageMetadata`: the prompt counts the input tokens, cached ones
 * included (`cache_read_input_tokens` + `cache_creation_input_tokens`); `output_tokens` →
 * `candidatesTokenCount`; cache reads → `cachedContentTokenCount`.
 *
 * @example
 * ```ts
 * usageMetadataFromAnthropic({ input_tokens: 7, output_tokens: 5 } as Usage);
 * // { promptTokenCount: 7, candidatesTokenCount: 5, totalTokenCount: 12 }
 * ```
 */
export function usageMetadataFromAnthropic(usage: Partial<Usage> | undefined): GenerateContentResponseUsageMetadata {
  const cached = usage?.cache_read_input_tokens ?? 0;
  const prompt = (usage?.input_tokens ?? 0) + cached + (usage?.cache_creation_input_tokens ?? 0);
  const output = usage?.output_tokens ?? 0;
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: output,
    totalTokenCount: prompt + output,
    ...(cached ? { cachedContentTokenCount: cached } : {}),
  };
}
