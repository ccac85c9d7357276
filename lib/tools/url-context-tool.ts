import { GeminiBuiltinTool } from './gemini-builtin-tool.js';

/**
 * Lets the model read the URLs given in the conversation: adds `{urlContext: {}}` to the request.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', tools: [new UrlContextTool()] });
 * ```
 */
export class UrlContextTool extends GeminiBuiltinTool {
  constructor() {
    super('url_context', { urlContext: {} });
  }
}

/**
 * A shared {@link UrlContextTool}, as ADK exports it.
 *
 * @example
 * ```ts
 * new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', tools: [urlContext] });
 * ```
 */
export const urlContext = new UrlContextTool();
