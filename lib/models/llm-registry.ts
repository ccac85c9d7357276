import { AgentConfigError } from '../utils/errors.js';
import type { BaseLlm } from './base-llm.js';
import { Gemini } from './gemini.js';
import { PROVIDER_LLMS } from './provider-llms.js';

/** Builds a model for a model name. */
export type LlmFactory = (model: string) => BaseLlm;

/** A model class that names the model strings it serves (as regular expressions or exact names). */
export interface RegistrableLlm {
  new (config: { model: string }): BaseLlm;
  supportedModels(): ReadonlyArray<string | RegExp>;
}

interface Entry {
  pattern: RegExp;
  factory: LlmFactory;
}

const entries: Entry[] = [];

/**
 * Maps model names (`'gemini-2.5-flash'`, `'anthropic/claude-sonnet-5-5'`) to model
 * implementations, so that agents can be configured with a string, and moved between providers
 * by changing it. Registered out of the box:
 * - bare `gemini-*` (and ADK's other Gemini patterns) → `Gemini`;
 * - `openai/<m>`, `anthropic/<m>`, `ollama/<m>` and `openai-compatible/<m>` → the OpenAI and
 *   Anthropic adapters (see {@link PROVIDER_LLMS} for where each reads its address and key).
 *
 * All of them are cheap until called: each loads its SDK (and, for the prefixed ones, its adapter)
 * with a dynamic `import()` on its first call, so a program that never calls a provider never
 * loads it, and a code-splitting bundler leaves it out of the initial load. Later registrations
 * take precedence over earlier ones.
 *
 * @example
 * ```ts
 * LLMRegistry.register(Gemini);
for (const provider of PROVIDER_LLMS) {
  LLMRegistry.register(provider.pattern, (model) => provider.create(provider.pattern.exec(model)![1]!));
}                                   // serves /^gemini-.*$/ ...
 * LLMRegistry.register(/^scripted-/, (model) => new ScriptedLlm(script, { model }));
 * LLMRegistry.newLlm('gemini-2.5-flash');                          // a Gemini instance
 * LLMRegistry.newLlm('anthropic/claude-sonnet-5-5').model;         // 'claude-sonnet-5-5' (AnthropicLlm, on its first call)
 * ```
 */
export const LLMRegistry = {
  /** Registers a model class (by its `supportedModels()`), or a pattern with a factory. */
  register(target: RegistrableLlm | string | RegExp, factory?: LlmFactory): void {
    if (typeof target === 'function') {
      for (const pattern of target.supportedModels()) {
        entries.unshift({ pattern: toRegExp(pattern), factory: (model) => new target({ model }) });
      }
      return;
    }
    if (!factory) throw new TypeError('LLMRegistry.register(pattern, factory): a factory is required with a pattern.');
    entries.unshift({ pattern: toRegExp(target), factory });
  },

  /** The factory for `model`; throws {@link AgentConfigError} when none is registered. */
  resolve(model: string): LlmFactory {
    const entry = entries.find((e) => e.pattern.test(model));
    if (!entry) {
      throw new AgentConfigError(
        `No model is registered for "${model}". Name a Gemini model ("gemini-2.5-flash") or prefix the provider ` +
          '("openai/gpt-4o-mini", "anthropic/claude-sonnet-5-5", "ollama/llama3.2", "openai-compatible/<model>"), ' +
          'register one with LLMRegistry.register(...), ' +
          'or pass a BaseLlm instance as the agent\'s model.',
      );
    }
    return entry.factory;
  },

  /** A new model instance for `model`. */
  newLlm(model: string): BaseLlm {
    return LLMRegistry.resolve(model)(model);
  },

  /** Forgets every registration (for tests). */
  clear(): void {
    entries.length = 0;
  },
};

function toRegExp(pattern: string | RegExp): RegExp {
  if (pattern instanceof RegExp) return pattern;
  return new RegExp(`^${pattern}$`);
}

LLMRegistry.register(Gemini);
for (const provider of PROVIDER_LLMS) {
  LLMRegistry.register(provider.pattern, (model) => provider.create(provider.pattern.exec(model)![1]!));
}
