import { toGeminiSchema } from '../../tools/to-gemini-schema.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';

/**
 * Sets the model name and a copy of the agent's `generateContentConfig`; with an `outputSchema`
 * (and no tools) asks for JSON matching it.
 *
 * @example
 * ```ts
 * basicRequestProcessor(ctx, agent, request);
 * request.model; // 'gemini-2.5-flash'
 * ```
 */
export const basicRequestProcessor: LlmRequestProcessor = (_ctx, agent, request) => {
  request.model = agent.canonicalModel().model;
  const config = agent.generateContentConfig ?? {};
  request.config = { ...config, ...(config.tools ? { tools: [...config.tools] } : {}) };
  if (agent.outputSchema && agent.tools.length === 0) {
    request.config.responseSchema = toGeminiSchema(agent.outputSchema);
    request.config.responseMimeType = 'application/json';
  }
};
