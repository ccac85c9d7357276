import type { ClientOptions } from '@anthropic-ai/sdk';
import type { Observable } from 'rxjs';
import { BaseLlm } from '../models/base-llm.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { LlmResponse } from '../models/llm-response.js';
import { providerModelError } from '../models/provider-model-error.js';
import { callSdk, lazySdkClient } from '../models/sdk-client.js';
import { env } from '../utils/env.js';
import { MissingCredentialsError } from '../utils/errors.js';
import { messageCreateParams } from './message-create-params.js';

/** The part of AnthropicLlm that needs `@anthropic-ai/sdk`, loaded on the first call. */
type AnthropicClientModule = typeof import('./anthropic-client.js');

/**
 * How to reach a Claude model.
 *
 * @example
 * ```ts
 * const claude: AnthropicLlmOptions = { model: 'claude-sonnet-5-5' };                    // ANTHROPIC_API_KEY
 * const thinking: AnthropicLlmOptions = { model: 'claude-sonnet-5-5', maxTokens: 16_000, thinkingBudget: 4_000 };
 * ```
 */
export interface AnthropicLlmOptions {
  /** e.g. `'claude-sonnet-5-5'`; a request's own `model` takes precedence. */
  model: string;
  /** Default: `ANTHROPIC_BASE_URL`, else Anthropic's API. */
  baseURL?: string;
  /** Default: `ANTHROPIC_API_KEY`. */
  apiKey?: string;
  /** Extra HTTP headers on every request (e.g. `anthropic-beta`). */
  headers?: Record<string, string>;
  /** `max_tokens` when the request's `maxOutputTokens` is not set (the API requires one). Default 8192. */
  maxTokens?: number;
  /** Extended thinking's `budget_tokens` when the request's `thinkingConfig` sets none. Off by default. */
  thinkingBudget?: number;
  /** Per-request timeout in ms (the SDK's default: 10 minutes). */
  timeout?: number;
  /** Retries of failed requests (429, 5xx, 529, connection errors) with backoff; the SDK's default is 2. */
  maxRetries?: number;
}

/**
 * Anthropic's Claude models through the official `@anthropic-ai/sdk`, an optional peer dependency
 * loaded (dynamic `import()`) on the first call: `npm install @anthropic-ai/sdk`.
 *
 * The same contract as `Gemini`: {@link generateContent} is cold, and unsubscribing aborts the HTTP
 * request; with `stream = true` it emits each text and thinking delta as a partial response, then
 * one final response with every block (thinking with its signature, text, `tool_use` with the
 * model's `toolu_…` ids), the finish reason and the usage; failures are `ModelError`s with the
 * HTTP status and the API's message. `max_tokens` is required by the API: the request's
 * `maxOutputTokens`, else the `maxTokens` option, else 8192. The mappings are documented on
 * `messageCreateParams`, `anthropicMessages` and `llmResponseFromMessage` (see docs/models.md).
 *
 * Without `apiKey` or `ANTHROPIC_API_KEY`, the first call fails with
 * {@link MissingCredentialsError}; without the SDK, with `MissingDriverError`.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'assistant', model: new AnthropicLlm({ model: 'claude-sonnet-5-5' }) });
 * // or, with the key in ANTHROPIC_API_KEY:
 * new LlmAgent({ name: 'assistant', model: 'anthropic/claude-sonnet-5-5' });
 * ```
 */
export class AnthropicLlm extends BaseLlm {
  private readonly options: AnthropicLlmOptions;
  /** The SDK and its client: loaded and created on first subscription, then replayed; a failure is not kept. */
  private readonly client$: Observable<{ sdk: AnthropicClientModule; client: ReturnType<AnthropicClientModule['createAnthropicClient']> }>;

  /** Cheap: `@anthropic-ai/sdk` is loaded and its client created on the first call. */
  constructor(options: AnthropicLlmOptions) {
    super({ model: options.model });
    this.options = { ...options, ...(options.headers ? { headers: { ...options.headers } } : {}) };
    this.client$ = lazySdkClient(
      () => anthropicClientOptions(this.options),
      () => import('./anthropic-client.js'),
      (sdk, o) => sdk.createAnthropicClient(o),
      '@anthropic-ai/sdk',
      'rxadk/anthropic',
    );
  }

  /** The provider's name (`gen_ai.provider.name`): `'anthropic'`. */
  get providerName(): string {
    return 'anthropic';
  }

  generateContent(request: LlmRequest, stream = false): Observable<LlmResponse> {
    const model = request.model ?? this.model;
    const context = { provider: 'Anthropic', model, keyHint: 'the apiKey option or ANTHROPIC_API_KEY' };
    return callSdk(
      this.client$,
      request,
      ({ sdk, client }, signal) => {
        const params = messageCreateParams(request, { model, ...pick(this.options) });
        return stream ? sdk.streamMessage(client, params, signal) : sdk.createMessage(client, params, signal);
      },
      (error) => providerModelError(error, context),
    );
  }
}

function pick(options: AnthropicLlmOptions): { maxTokens?: number; thinkingBudget?: number } {
  return {
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    ...(options.thinkingBudget !== undefined ? { thinkingBudget: options.thinkingBudget } : {}),
  };
}

/** The client's options; throws {@link MissingCredentialsError} without a key. */
function anthropicClientOptions(options: AnthropicLlmOptions): ClientOptions {
  const apiKey = options.apiKey ?? env('ANTHROPIC_API_KEY');
  if (!apiKey) {
    throw new MissingCredentialsError({
      model: options.model,
      variables: ['ANTHROPIC_API_KEY'],
      message:
        `Anthropic model "${options.model}" has no API key. Set ANTHROPIC_API_KEY in the environment ` +
        '(get a key at https://console.anthropic.com/settings/keys), or pass apiKey to new AnthropicLlm({...}).',
    });
  }
  return {
    apiKey,
    dangerouslyAllowBrowser: true,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    ...(options.headers ? { defaultHeaders: options.headers } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  };
}
