import { env } from '../utils/env.js';
import { MissingCredentialsError } from '../utils/errors.js';
import type { BaseLlm } from './base-llm.js';
import { LazyLlm } from './lazy-llm.js';

/** A model-string prefix and how to build the model for the rest of the string. */
export interface ProviderLlm {
  /** Matches the whole model string, e.g. `/^anthropic\/(.+)$/`; group 1 is the provider's model name. */
  pattern: RegExp;
  /** Builds the model for the provider's model name (loading the adapter on its first call). */
  create(model: string): BaseLlm;
}

/** Ollama's address when `OLLAMA_HOST` is not set. */
export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';

/**
 * The providers {@link LLMRegistry} resolves by prefix. Each resolves to a {@link LazyLlm}: the
 * adapter (`rxadk/openai`, `rxadk/anthropic`) and its SDK load on the first call, so naming a
 * model costs nothing until it is called.
 *
 * | model string | model | where |
 * |---|---|---|
 * | `openai/<m>` | `OpenAiLlm` | api.openai.com (`OPENAI_API_KEY`; `OPENAI_BASE_URL` if set) |
 * | `anthropic/<m>` | `AnthropicLlm` | api.anthropic.com (`ANTHROPIC_API_KEY`) |
 * | `ollama/<m>` | `OpenAiLlm` | `OLLAMA_HOST` (default `http://127.0.0.1:11434`) + `/v1`, no key |
 * | `openai-compatible/<m>` | `OpenAiLlm` | `OPENAI_COMPATIBLE_BASE_URL` (vLLM, LM Studio, llama.cpp, ...), key `OPENAI_COMPATIBLE_API_KEY` if any |
 *
 * @example
 * ```ts
 * PROVIDER_LLMS.find((p) => p.pattern.test('ollama/llama3.2'))!.create('llama3.2').model; // 'llama3.2'
 * ```
 */
export const PROVIDER_LLMS: readonly ProviderLlm[] = [
  { pattern: /^openai\/(.+)$/, create: (model) => openAi(model, 'openai', () => ({})) },
  {
    pattern: /^anthropic\/(.+)$/,
    create: (model) => new LazyLlm(model, () => import('../anthropic/anthropic-llm.js').then(({ AnthropicLlm }) => new AnthropicLlm({ model })), 'anthropic'),
  },
  {
    pattern: /^ollama\/(.+)$/,
    create: (model) => openAi(model, 'ollama', () => ({ baseURL: ollamaBaseUrl(env('OLLAMA_HOST')), apiKey: 'ollama', providerName: 'ollama' })),
  },
  { pattern: /^openai-compatible\/(.+)$/, create: (model) => openAi(model, 'openai-compatible', () => openAiCompatible(model)) },
];

type OpenAiSettings = { baseURL?: string; apiKey?: string; providerName?: string };

/** An `OpenAiLlm` for `model`, with settings read from the environment on its first call. */
function openAi(model: string, providerName: string, settings: () => OpenAiSettings): BaseLlm {
  return new LazyLlm(
    model,
    () => {
    const options = settings(); // may throw MissingCredentialsError: the call fails with it
    return import('../openai/openai-llm.js').then(({ OpenAiLlm }) => new OpenAiLlm({ model, ...options }));
    },
    providerName,
  );
}

/**
 * Ollama's OpenAI-compatible endpoint for an `OLLAMA_HOST` value as Ollama itself accepts it:
 * `http://host:port`, `host:port`, `host`, with or without a trailing slash.
 *
 * @example
 * ```ts
 * ollamaBaseUrl(undefined);           // 'http://127.0.0.1:11434/v1'
 * ollamaBaseUrl('0.0.0.0:11434');     // 'http://0.0.0.0:11434/v1'
 * ollamaBaseUrl('https://gpu.local/'); // 'https://gpu.local/v1'
 * ```
 */
export function ollamaBaseUrl(host: string | undefined): string {
  const value = (host ?? '').trim() || DEFAULT_OLLAMA_HOST;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  const base = withScheme.replace(/\/+$/, '');
  return base.endsWith('/v1') ? base : `${base}/v1`;
}

function openAiCompatible(model: string): OpenAiSettings {
  const baseURL = env('OPENAI_COMPATIBLE_BASE_URL');
  if (!baseURL) {
    throw new MissingCredentialsError({
      model: `openai-compatible/${model}`,
      variables: ['OPENAI_COMPATIBLE_BASE_URL'],
      message:
        `Model "openai-compatible/${model}" needs the server's address: set OPENAI_COMPATIBLE_BASE_URL ` +
        '(e.g. http://127.0.0.1:8000/v1 for vLLM, http://127.0.0.1:1234/v1 for LM Studio), ' +
        'and OPENAI_COMPATIBLE_API_KEY if the server wants a key.',
    });
  }
  return { baseURL, apiKey: env('OPENAI_COMPATIBLE_API_KEY') ?? 'not-needed', providerName: 'openai-compatible' };
}
