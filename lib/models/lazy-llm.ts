import { concatMap, defer, from, type Observable, of, shareReplay } from 'rxjs';
import { BaseLlm } from './base-llm.js';
import type { LlmRequest } from './llm-request.js';
import type { LlmResponse } from './llm-response.js';

/**
 * A model whose implementation is loaded on its first call: `load` (typically a dynamic
 * `import()` of an adapter module) runs once, on the first subscription, and the model it
 * yields serves every call. A failed load is not kept: the next call tries again. This is how
 * {@link LLMRegistry} resolves `openai/…` and `anthropic/…` without loading those adapters (or
 * their SDKs) in programs that never call them.
 *
 * ```
 * call 1:  load ──llm── llm.generateContent(r1) ──a|
 * call 2:               llm.generateContent(r2) ──b|      (no second load)
 * ```
 *
 * @example
 * ```ts
 * const claude = new LazyLlm('claude-sonnet-5-5', () =>
 *   import('rxadk/anthropic').then(({ AnthropicLlm }) => new AnthropicLlm({ model: 'claude-sonnet-5-5' })),
 * );
 * claude.generateContent(request).subscribe(console.log); // loads the adapter, then calls it
 * ```
 */
export class LazyLlm extends BaseLlm {
  private readonly llm$: Observable<BaseLlm>;

  /** The provider's name, when known before loading (`'anthropic'`, `'ollama'`, ...): telemetry reads it. */
  readonly providerName: string | undefined;

  /** `model` is the name the loaded model serves; `load` is called once, on the first call. */
  constructor(model: string, load: () => PromiseLike<BaseLlm> | BaseLlm, providerName?: string) {
    super({ model });
    this.providerName = providerName;
    this.llm$ = defer(() => {
      const loaded = load();
      return loaded instanceof BaseLlm ? of(loaded) : from(loaded);
    }).pipe(shareReplay({ bufferSize: 1, refCount: false }));
  }

  generateContent(request: LlmRequest, stream = false): Observable<LlmResponse> {
    return this.llm$.pipe(concatMap((llm) => llm.generateContent(request, stream)));
  }
}
