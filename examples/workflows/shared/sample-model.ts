import { modelFromEnvironment } from '../../../lib/index.js';

/**
 * The model of the ported ADK workflow samples' agents: the provider the environment has a key
 * for (GEMINI_API_KEY, OPENAI_API_KEY, ANTHROPIC_API_KEY, OLLAMA_HOST or RXADK_MODEL; see
 * `modelFromEnvironment`), else Gemini, as the Python samples use. `rxadk conformance` never calls
 * it: it answers every model call from the recording.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'find_name', model: sampleModel, instruction: 'Name someone born in {year}.' });
 * ```
 */
export const sampleModel: string = modelFromEnvironment() ?? 'gemini-2.5-flash';
