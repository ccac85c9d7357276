import { GeminiBuiltinTool } from './gemini-builtin-tool.js';

/**
 * Grounding with Google Search: adds `{googleSearch: {}}` to the request.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', tools: [new GoogleSearchTool()] });
 * ```
 */
export class GoogleSearchTool extends GeminiBuiltinTool {
  constructor() {
    super('google_search', { googleSearch: {} });
  }
}

/**
 * A shared {@link GoogleSearchTool}, as ADK exports it.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', tools: [googleSearch] });
 * ```
 */
export const googleSearch = new GoogleSearchTool();
