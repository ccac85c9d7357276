import type { ClientOptions } from 'openai';
import type { Observable } from 'rxjs';
import { BaseLlm } from '../models/base-llm.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { LlmResponse } from '../models/llm-response.js';
import { providerModelError } from '../models/provider-model-error.js';
import { callSdk, lazySdkClient } from '../models/sdk-client.js';
import { env } from '../utils/env.js';
import { MissingCredentialsError } from '../utils/errors.js';
import { chatCompletionParams } from './chat-completion-params.js';

/** The part of OpenAiLlm that needs `openai`, loaded on the first call. */
type OpenAiClientModule = typeof import('./openai-client.js');

/**
 * How to reach an OpenAI or OpenAI-compatible model.
 *
 * @example
 * ```ts
 * const openai: OpenAiLlmOptions = { model: 'gpt-4o-mini' };                                      // OPENAI_API_KEY
 * const ollama: OpenAiLlmOptions = { model: 'llama3.2', baseURL: 'http://127.0.0.1:11434/v1' };    // no key needed
 * const vllm: OpenAiLlmOptions = { model: 'Qwen/Qwen3-8B', baseURL: 'http://gpu:8000/v1', apiKey: 'token', headers: { 'x-team': 'a' } };
 * ```
 */
export interface OpenAiLlmOptions {
  /** The model name the server knows, e.g. `'gpt-4o-mini'`, `'llama3.2'`; a request's own `model` takes precedence. */
  model: string;
  /** The server, e.g. `http://127.0.0.1:11434/v1`. Default: `OPENAI_BASE_URL`, else OpenAI's API. */
  baseURL?: string;
  /** Default: `OPENAI_API_KEY`. Not needed with a `baseURL` (local servers): a placeholder is sent. */
  apiKey?: string;
  /** Extra HTTP headers on every request. */
  headers?: Record<string, string>;
  organization?: string;
  project?: string;
  /** Per-request timeout in ms (the SDK's default: 10 minutes). */
  timeout?: number;
  /** Retries of failed requests (429, 5xx, connection errors) with backoff; the SDK's default is 2. */
  maxRetries?: number;
  /** The provider's name in error messages and telemetry: `'openai'` by default, `'ollama'`, ... */
  providerName?: string;
}

/**
 * OpenAI's models and every server that speaks OpenAI's Chat Completions API (Ollama, vLLM, LM
 * Studio, llama.cpp's server, ...), through the official `openai` SDK, an optional peer dependency
 * loaded (dynamic `import()`) on the first call: `npm install openai`.
 *
 * The same contract as `Gemini`: {@link generateContent} is cold, and unsubscribing aborts the HTTP
 * request; with `stream = true` it emits each chunk's text as a partial response and then one
 * aggregated, non-partial response holding the text, every tool call (assembled from its argument
 * deltas, with the model's own ids), the finish reason and the usage; failures are `ModelError`s
 * with the HTTP status and the API's message. The request mapping is documented on
 * `chatCompletionParams` and `chatMessages`, the response mapping on
 * `llmResponseFromChatCompletion` (see docs/models.md).
 *
 * Without `apiKey`, `OPENAI_API_KEY`, or a `baseURL`, the first call fails with
 * {@link MissingCredentialsError}; without the `openai` package, with `MissingDriverError`.
 *
 * @example
 * ```ts
 * const llm = new OpenAiLlm({ model: 'gpt-4o-mini' });
 * new LlmAgent({ name: 'assistant', model: llm, instruction: 'Be brief.' });
 *
 * // A local model through Ollama's OpenAI-compatible endpoint
 * new OpenAiLlm({ model: 'llama3.2', baseURL: 'http://127.0.0.1:11434/v1' });
 * ```
 */
export class OpenAiLlm extends BaseLlm {
  private readonly options: OpenAiLlmOptions;
  /** The SDK and its client: loaded and created on first subscription, then replayed; a failure is not kept. */
  private readonly client$: Observable<{ sdk: OpenAiClientModule; client: ReturnType<OpenAiClientModule['createOpenAiClient']> }>;

  /** Cheap: `openai` is loaded and its client created on the first call. */
  constructor(options: OpenAiLlmOptions) {
    super({ model: options.model });
    this.options = { ...options, ...(options.headers ? { headers: { ...options.headers } } : {}) };
    this.client$ = lazySdkClient(() => openAiClientOptions(this.options), () => import('./openai-client.js'), (sdk, o) => sdk.createOpenAiClient(o), 'openai', 'rxadk/openai');
  }

  /** The provider's name (`'openai'`, `'ollama'`, ...). */
  get providerName(): string {
    return this.options.providerName ?? 'openai';
  }

  generateContent(request: LlmRequest, stream = false): Observable<LlmResponse> {
    const model = request.model ?? this.model;
    const context = { provider: providerLabel(this.providerName), model, keyHint: 'the apiKey option or OPENAI_API_KEY' };
    return callSdk(
      this.client$,
      request,
      ({ sdk, client }, signal) => {
        const params = chatCompletionParams(request, model, stream);
        return stream ? sdk.completeStreamed(client, params, signal) : sdk.completeOnce(client, params, signal);
      },
      (error) => providerModelError(error, context),
    );
  }
}

/** The client's options; throws {@link MissingCredentialsError} when nothing would authenticate. */
function openAiClientOptions(options: OpenAiLlmOptions): ClientOptions {
  const baseURL = options.baseURL ?? env('OPENAI_BASE_URL');
  const apiKey = options.apiKey ?? env('OPENAI_API_KEY') ?? (baseURL ? 'not-needed' : undefined);
  if (!apiKey) {
    throw new MissingCredentialsError({
      model: options.model,
      variables: ['OPENAI_API_KEY'],
      message:
        `OpenAI model "${options.model}" has no API key. Set OPENAI_API_KEY in the environment, or pass apiKey to new OpenAiLlm({...}). ` +
        'For a local OpenAI-compatible server (Ollama, vLLM, LM Studio), pass baseURL (no key needed), or use the model strings "ollama/<model>" or "openai-compatible/<model>".',
    });
  }
  return {
    apiKey,
    dangerouslyAllowBrowser: true,
    ...(baseURL ? { baseURL } : {}),
    ...(options.headers ? { defaultHeaders: options.headers } : {}),
    ...(options.organization ? { organization: options.organization } : {}),
    ...(options.project ? { project: options.project } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  };
}

function providerLabel(name: string): string {
  return name === 'openai' ? 'OpenAI' : name === 'ollama' ? 'Ollama' : name === 'openai-compatible' ? 'OpenAI-compatible' : name;
}
