import { type Observable, throwError } from 'rxjs';
import { ModelError } from '../utils/errors.js';
import type { LiveConnection } from './live-connection.js';
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

  /**
   * A live (bidirectional) connection for `request` (see {@link LiveConnection}). Models without
   * live support answer, on subscription to `exchange`, with a `ModelError` saying so.
   */
  connect(request: LlmRequest): LiveConnection {
    const model = request.model ?? this.model;
    return {
      exchange: () =>
        throwError(
          () =>
            new ModelError(
              `Model "${model}" (${this.constructor.name}) does not support live (bidirectional) streaming: ` +
                'use a Gemini Live model (e.g. gemini-live-2.5-flash-preview) for runLive, or runAsync for this one.',
              { model },
            ),
        ),
    };
  }
}
