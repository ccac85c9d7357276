import { type BaseLlm, Gemini } from '../../lib/index.js';
import { ScriptedLlm, type ScriptEntry } from '../../lib/testing/index.js';

/**
 * The examples' model: Gemini when GEMINI_API_KEY (or GOOGLE_API_KEY) is set, else a scripted
 * model that plays `offline` — so every example runs with no account and no network.
 */
export function chooseModel(offline: ScriptEntry[]): BaseLlm {
  if (process.env['GEMINI_API_KEY'] || process.env['GOOGLE_API_KEY']) {
    return new Gemini({ model: process.env['RXADK_MODEL'] ?? 'gemini-2.5-flash' });
  }
  return new ScriptedLlm(offline, { model: 'scripted-offline' });
}

/** Says which model an example runs on. */
export function describeModel(model: BaseLlm): string {
  return model instanceof ScriptedLlm ? 'a scripted model (offline; set GEMINI_API_KEY to use Gemini)' : `Gemini (${model.model})`;
}
