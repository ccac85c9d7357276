import type { ContentBlock, Message, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { Observable, type OperatorFunction } from 'rxjs';
import type { LlmResponse } from '../models/llm-response.js';
import { llmResponseFromMessage } from './llm-response-from-message.js';

/**
 * Anthropic's stream events as what a streaming `BaseLlm` emits: each text and thinking delta at
 * once, as a partial response; and when the stream completes, one final, non-partial response
 * built from the assembled message ({@link llmResponseFromMessage}): the blocks in their order,
 * thinking with its signature (so the history can send it back), tool calls with their `input`
 * assembled from the `input_json_delta` fragments, the stop reason and the usage of
 * `message_start` and `message_delta`. A stream that ends without `message_start` emits nothing
 * more; an `error` event fails the stream (the SDK throws it) after the chunks before it.
 *
 * ```
 * events:  -s--b0--t1--t2--b1--j1--j2--d--x|     s = message_start, t = text_delta, j = input_json_delta
 * result:  --------T1--T2--------------------(F|)  F = final: text + tool_use, stop reason, usage
 * ```
 *
 * @example
 * ```ts
 * from(stream).pipe(messageStreamAsResponses()).subscribe(render);
 * ```
 */
export function messageStreamAsResponses(): OperatorFunction<RawMessageStreamEvent, LlmResponse> {
  return (source) =>
    new Observable<LlmResponse>((subscriber) => {
      let message: Message | undefined;
      const blocks = new Map<number, ContentBlock>();
      const inputs = new Map<number, string>();
      return source.subscribe({
        next: (event) => {
          switch (event.type) {
            case 'message_start':
              message = event.message;
              break;
            case 'content_block_start':
              blocks.set(event.index, event.content_block);
              break;
            case 'content_block_delta': {
              const partial = applyDelta(blocks, inputs, event.index, event.delta);
              if (partial) subscriber.next({ content: { role: 'model', parts: [partial] }, partial: true });
              break;
            }
            case 'message_delta':
              if (message) message = { ...message, stop_reason: event.delta.stop_reason, usage: { ...message.usage, ...withoutNulls(event.usage) } as Message['usage'] };
              break;
          }
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          if (message) {
            const content = [...blocks.entries()].sort(([a], [b]) => a - b).map(([index, block]) => withInput(block, inputs.get(index)));
            subscriber.next({ ...llmResponseFromMessage({ ...message, content }), partial: false, turnComplete: true, ...stopError(message) });
          }
          subscriber.complete();
        },
      });
    });
}

type Delta = Extract<RawMessageStreamEvent, { type: 'content_block_delta' }>['delta'];

/** Applies a delta to its block; returns the part to show at once (text and thinking), if any. */
function applyDelta(blocks: Map<number, ContentBlock>, inputs: Map<number, string>, index: number, delta: Delta) {
  const block = blocks.get(index);
  if (!block) return undefined;
  switch (delta.type) {
    case 'text_delta':
      if (block.type === 'text') blocks.set(index, { ...block, text: block.text + delta.text });
      return { text: delta.text };
    case 'thinking_delta':
      if (block.type === 'thinking') blocks.set(index, { ...block, thinking: block.thinking + delta.thinking });
      return { text: delta.thinking, thought: true };
    case 'signature_delta':
      if (block.type === 'thinking') blocks.set(index, { ...block, signature: block.signature + delta.signature });
      return undefined;
    case 'input_json_delta':
      inputs.set(index, (inputs.get(index) ?? '') + delta.partial_json);
      return undefined;
    default:
      return undefined;
  }
}

/** A tool_use block with its input parsed from the streamed JSON (the text itself when it is not JSON). */
function withInput(block: ContentBlock, json: string | undefined): ContentBlock {
  if (block.type !== 'tool_use' || json === undefined) return block;
  if (!json.trim()) return { ...block, input: {} };
  try {
    return { ...block, input: JSON.parse(json) as unknown };
  } catch {
    return { ...block, input: json };
  }
}

/** ADK's rule for streams: a stop other than STOP is the aggregate's errorCode. */
function stopError(message: Message): Pick<LlmResponse, 'errorCode' | 'errorMessage'> {
  const reason = message.stop_reason;
  if (!reason || reason === 'end_turn' || reason === 'tool_use' || reason === 'stop_sequence' || reason === 'pause_turn') return {};
  const code = reason === 'refusal' ? 'SAFETY' : 'MAX_TOKENS';
  return { errorCode: code, errorMessage: `The model stopped with stop_reason "${reason}".` };
}

function withoutNulls<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined)) as Partial<T>;
}
