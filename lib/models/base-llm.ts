import type { Observable } from 'rxjs';
import type { LlmRequest } from './llm-request.js';
import type { LlmResponse } from './llm-response.js';

/**
 * A model. {@link generateContent} is cold: the call starts on subscription and unsubscribing
 * aborts it. Without streaming it emits one response; with streaming, partial chunks
 * (`partial: true`) as they arrive and then one aggregated, non-partial response.
 *
 * @example
 * ```ts
 * class Echo extends BaseLlm {
 *   constructor() { super({ model: 'echo' }); }
 *   generateContent(request: LlmRequest) {
 *     return of({ content: { role: 'model', parts: request.contents.at(-1)?.parts ?? [] } });
 *   }
 * }
 * ```
 */
export abstract class BaseLlm {
  readonly model: string;

  constructor(config: { model: string }) {
    this.model = config.model;
  }

  abstract generateContent(request: LlmRequest, stream?: boolean): Observable<LlmResponse>;
}
