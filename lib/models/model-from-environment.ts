/**
 * The default model of each provider, as {@link modelFromEnvironment} picks it.
 *
 * @example
 * ```ts
 * DEFAULT_PROVIDER_MODELS.anthropic; // 'anthropic/claude-sonnet-5-5'
 * ```
 */
export const DEFAULT_PROVIDER_MODELS = {
  gemini: 'gemini-2.5-flash',
  openai: 'openai/gpt-4o-mini',
  anthropic: 'anthropic/claude-sonnet-5-5',
  ollama: 'ollama/llama3.2',
} as const;

/**
 * The model string for whichever provider the environment has credentials for, or `undefined`
 * when it has none (then run on an offline model). The demo apps, the examples and `rxadk create`'s
 * template pick their model with it; {@link LLMRegistry} resolves the string.
 *
 * In order: `RXADK_MODEL` (any model string, used as it is), `GEMINI_API_KEY` or
 * `GOOGLE_API_KEY` (Gemini), `OPENAI_API_KEY` (OpenAI), `ANTHROPIC_API_KEY` (Anthropic),
 * `OLLAMA_HOST` (Ollama, model `OLLAMA_MODEL` or `llama3.2`). `defaults` replaces a provider's
 * default model ({@link DEFAULT_PROVIDER_MODELS}). In a browser (no `process`) it is `undefined`.
 *
 * @example
 * ```ts
 * // ANTHROPIC_API_KEY=sk-ant-... node app.js
 * new LlmAgent({ name: 'assistant', model: modelFromEnvironment() ?? new ScriptedLlm(offlineScript) });
 * modelFromEnvironment(); // 'anthropic/claude-sonnet-5-5'
 * modelFromEnvironment(process.env, { anthropic: 'anthropic/claude-haiku-5-5' }); // 'anthropic/claude-haiku-5-5'
 * ```
 */
export function modelFromEnvironment(
  environment: Record<string, string | undefined> | undefined = processEnv(),
  defaults: Partial<Record<keyof typeof DEFAULT_PROVIDER_MODELS, string>> = {},
): string | undefined {
  const has = (name: string) => !!environment?.[name];
  const models = { ...DEFAULT_PROVIDER_MODELS, ...defaults };
  if (has('RXADK_MODEL')) return environment!['RXADK_MODEL'];
  if (has('GEMINI_API_KEY') || has('GOOGLE_API_KEY')) return models.gemini;
  if (has('OPENAI_API_KEY')) return models.openai;
  if (has('ANTHROPIC_API_KEY')) return models.anthropic;
  if (has('OLLAMA_HOST')) return has('OLLAMA_MODEL') ? `ollama/${environment!['OLLAMA_MODEL']}` : models.ollama;
  return undefined;
}

function processEnv(): Record<string, string | undefined> | undefined {
  return typeof process === 'undefined' ? undefined : process.env;
}
