import type { Part } from '@google/genai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { Observable, type OperatorFunction } from 'rxjs';
import type { LlmResponse } from '../models/llm-response.js';
import { finishReasonFromOpenAi, functionCallPart, usageMetadataFromOpenAi } from './llm-response-from-chat-completion.js';

/** A tool call being assembled from its deltas. */
interface PendingCall {
  id: string | undefined;
  name: string;
  arguments: string;
}

/**
 * Streamed Chat Completions chunks as response chunks for `aggregateStream()`: each chunk's text
 * (and reasoning text, as a thought part) at once; tool calls, whose `arguments` arrive as JSON
 * fragments spread over many chunks (keyed by `index`), are assembled and emitted whole, in index
 * order, with the finish reason and the usage (sent in a last chunk with no choices), when the
 * stream completes. So the partial events carry text only, and tools run from the final response.
 *
 * ```
 * chunks:  -t1--c0a--c1a--c0b--t2--u|      t = text, cNx = a delta of call N, u = usage
 * result:  -T1------------------T2--(C|)   C = {calls 0 and 1 whole, finishReason, usageMetadata}
 * ```
 *
 * @example
 * ```ts
 * from(stream).pipe(chatChunksAsResponses(), aggregateStream()).subscribe(render);
 * ```
 */
export function chatChunksAsResponses(): OperatorFunction<ChatCompletionChunk, LlmResponse> {
  return (source) =>
    new Observable<LlmResponse>((subscriber) => {
      const calls = new Map<number, PendingCall>();
      let last: LlmResponse = {};
      return source.subscribe({
        next: (chunk) => {
          const choice = chunk.choices[0];
          const delta = choice?.delta as (ChatCompletionChunk.Choice['delta'] & { reasoning_content?: string; reasoning?: string }) | undefined;
          for (const call of delta?.tool_calls ?? []) addDelta(calls, call);
          const finishReason = finishReasonFromOpenAi(choice?.finish_reason);
          if (finishReason) last = { ...last, finishReason };
          if (chunk.usage) last = { ...last, usageMetadata: usageMetadataFromOpenAi(chunk.usage) };
          if (chunk.model) last = { ...last, modelVersion: chunk.model };
          const parts = textParts(delta?.reasoning_content ?? delta?.reasoning, delta?.content);
          if (parts.length) subscriber.next({ content: { role: 'model', parts }, ...(chunk.model ? { modelVersion: chunk.model } : {}) });
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          const parts = [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => functionCallPart(c.id, c.name, c.arguments));
          if (parts.length || Object.keys(last).length) subscriber.next({ ...(parts.length ? { content: { role: 'model', parts } } : {}), ...last });
          subscriber.complete();
        },
      });
    });
}

function addDelta(calls: Map<number, PendingCall>, delta: ChatCompletionChunk.Choice.Delta.ToolCall): void {
  const pending = calls.get(delta.index) ?? { id: undefined, name: '', arguments: '' };
  calls.set(delta.index, {
    id: pending.id ?? (delta.id || undefined),
    name: pending.name || (delta.function?.name ?? ''),
    arguments: pending.arguments + (delta.function?.arguments ?? ''),
  });
}

function textParts(thought: string | undefined, text: string | null | undefined): Part[] {
  return [...(thought ? [{ text: thought, thought: true }] : []), ...(text ? [{ text }] : [])];
}
