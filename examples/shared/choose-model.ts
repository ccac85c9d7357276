import { type BaseLlm, LLMRegistry, modelFromEnvironment } from '../../lib/index.js';
import { ScriptedLlm, type ScriptEntry } from '../../lib/testing/index.js';

/**
 * The examples' model: the provider the environment has a key for (GEMINI_API_KEY,
 * OPENAI_API_KEY, ANTHROPIC_API_KEY, OLLAMA_HOST, or any model string in RXADK_MODEL; see
 * modelFromEnvironment), else a scripted model that plays `offline` — so every example runs with
 * no account and no network.
 */
export function chooseModel(offline: ScriptEntry[]): BaseLlm {
  const name = modelFromEnvironment();
  return name ? LLMRegistry.newLlm(name) : new ScriptedLlm(offline, { model: 'scripted-offline' });
}

/** Says which model an example runs on. */
export function describeModel(model: BaseLlm): string {
  return model instanceof ScriptedLlm
    ? 'a scripted model (offline; set GEMINI_API_KEY, OPENAI_API_KEY, ANTHROPIC_API_KEY or OLLAMA_HOST for a real one)'
    : `${modelFromEnvironment()} (${model.model})`;
}
