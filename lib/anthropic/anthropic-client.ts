// The part of AnthropicLlm that needs `@anthropic-ai/sdk` at run time. `anthropic-llm.ts` loads this
// module with a dynamic `import()` on the first model call, so that a program (or a browser
// bundle) that never calls Claude never loads the SDK.
import Anthropic, { type ClientOptions } from '@anthropic-ai/sdk';
import type { MessageCreateParamsBase, MessageCreateParamsNonStreaming, MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import { concatMap, from, map, type Observable } from 'rxjs';
import type { LlmResponse } from '../models/llm-response.js';
import { llmResponseFromMessage } from './llm-response-from-message.js';
import { messageStreamAsResponses } from './message-stream-as-responses.js';

/**
 * Creates the `@anthropic-ai/sdk` client.
 *
 * @example
 * ```ts
 * const client = createAnthropicClient({ apiKey: 'sk-ant-...' });
 * ```
 */
export function createAnthropicClient(options: ClientOptions): Anthropic {
  return new Anthropic(options);
}

/**
 * One answer, as one {@link LlmResponse}.
 *
 * @example
 * ```ts
 * createMessage(client, params, controller.signal).subscribe((response) => console.log(response.content));
 * ```
 */
export function createMessage(client: Anthropic, params: MessageCreateParamsBase, signal: AbortSignal): Observable<LlmResponse> {
  return from(client.messages.create(params as MessageCreateParamsNonStreaming, { signal })).pipe(map(llmResponseFromMessage));
}

/**
 * Every text or thinking delta as a partial response, then the final response.
 *
 * @example
 * ```ts
 * streamMessage(client, params, controller.signal).subscribe((response) => console.log(response.partial));
 * ```
 */
export function streamMessage(client: Anthropic, params: MessageCreateParamsBase, signal: AbortSignal): Observable<LlmResponse> {
  return from(client.messages.create({ ...params, stream: true } as MessageCreateParamsStreaming, { signal })).pipe(
    concatMap((stream) => from(stream)),
    messageStreamAsResponses(),
  );
}
