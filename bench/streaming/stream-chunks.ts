// The one streamed answer of the "streaming" scenario, in each provider's wire format: `count`
// text chunks of TOKEN each; the last chunk (for Anthropic: the closing events) carries the finish
// reason and the usage. Built once per run of the bench and reused by every request (the
// stand-ins serialise them again for each request; the adapters never mutate them).
import { FinishReason } from '@google/genai';
import type { LlmResponse } from '../../lib/models/llm-response.js';

/** The text of every chunk. */
export const TOKEN = 'tok ';

/** The prompt every path sends. */
export const PROMPT = 'Write a long story.';

const usage = (count: number) => ({ prompt: 5, completion: count });

/** `GenerateContentResponse` JSON, as the Gemini API streams it (`streamGenerateContent?alt=sse`). */
export function geminiChunks(count: number): object[] {
  return Array.from({ length: count }, (_, i) => {
    const last = i === count - 1;
    const { prompt, completion } = usage(count);
    return {
      candidates: [
        { content: { role: 'model', parts: [{ text: TOKEN }] }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) },
      ],
      ...(last ? { usageMetadata: { promptTokenCount: prompt, candidatesTokenCount: completion, totalTokenCount: prompt + completion } } : {}),
      modelVersion: 'gemini-2.5-flash',
    };
  });
}

/** The same answer as `LlmResponse` chunks, for `ScriptedLlm` (an array entry = a streamed answer). */
export function llmResponseChunks(count: number): LlmResponse[] {
  const { prompt, completion } = usage(count);
  return Array.from({ length: count }, (_, i) => ({
    content: { role: 'model', parts: [{ text: TOKEN }] },
    ...(i === count - 1
      ? {
          finishReason: FinishReason.STOP,
          usageMetadata: { promptTokenCount: prompt, candidatesTokenCount: completion, totalTokenCount: prompt + completion },
        }
      : {}),
  }));
}

/** OpenAI `ChatCompletionChunk` objects (`stream: true`); the last one has finish_reason and usage. */
export function openAiChunks(count: number): object[] {
  const { prompt, completion } = usage(count);
  return Array.from({ length: count }, (_, i) => {
    const last = i === count - 1;
    return {
      id: 'chatcmpl-bench',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content: TOKEN } : { content: TOKEN }, finish_reason: last ? 'stop' : null }],
      ...(last ? { usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } } : {}),
    };
  });
}

/**
 * Anthropic Messages stream events: message_start, content_block_start, `count` text deltas,
 * content_block_stop, message_delta (stop_reason + usage), message_stop.
 */
export function anthropicEvents(count: number): object[] {
  const { prompt, completion } = usage(count);
  const deltas = Array.from({ length: count }, () => ({
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'text_delta', text: TOKEN },
  }));
  return [
    {
      type: 'message_start',
      message: {
        id: 'msg_bench',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-5-5',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: prompt, output_tokens: 1 },
      },
    },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ...deltas,
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: completion } },
    { type: 'message_stop' },
  ];
}
