// The part of OpenAiLlm that needs the `openai` SDK at run time. `openai-llm.ts` loads this module
// with a dynamic `import()` on the first model call, so that a program (or a browser bundle) that
// never calls an OpenAI model never loads the SDK.
import OpenAI, { type ClientOptions } from 'openai';
import type {
  ChatCompletionCreateParamsBase,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';
import { concatMap, from, map, type Observable } from 'rxjs';
import { aggregateStream } from '../models/aggregate-stream.js';
import type { LlmResponse } from '../models/llm-response.js';
import { chatChunksAsResponses } from './chat-chunks-as-responses.js';
import { llmResponseFromChatCompletion } from './llm-response-from-chat-completion.js';

/**
 * Creates the `openai` client.
 *
 * @example
 * ```ts
 * const client = createOpenAiClient({ apiKey: 'sk-...', baseURL: 'http://127.0.0.1:11434/v1' });
 * ```
 */
export function createOpenAiClient(options: ClientOptions): OpenAI {
  return new OpenAI(options);
}

/**
 * One answer, as one {@link LlmResponse}.
 *
 * @example
 * ```ts
 * completeOnce(client, params, controller.signal).subscribe((response) => console.log(response.content));
 * ```
 */
export function completeOnce(client: OpenAI, params: ChatCompletionCreateParamsBase, signal: AbortSignal): Observable<LlmResponse> {
  return from(client.chat.completions.create(params as ChatCompletionCreateParamsNonStreaming, { signal })).pipe(map(llmResponseFromChatCompletion));
}

/**
 * Every server-sent chunk's text as a partial response, then the aggregate with the tool calls.
 *
 * @example
 * ```ts
 * completeStreamed(client, params, controller.signal).subscribe((response) => console.log(response.partial));
 * ```
 */
export function completeStreamed(client: OpenAI, params: ChatCompletionCreateParamsBase, signal: AbortSignal): Observable<LlmResponse> {
  return from(client.chat.completions.create(params as ChatCompletionCreateParamsStreaming, { signal })).pipe(
    concatMap((stream) => from(stream)),
    chatChunksAsResponses(),
    aggregateStream(),
  );
}
