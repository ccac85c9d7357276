import { appendInstructions } from '../../models/llm-request.js';
import type { LlmRequestProcessor } from '../llm-request-processor.js';

/**
 * Tells the model who it is, with ADK's exact words:
 * `You are an agent. Your internal name is "<name>". The description about you is "<description>".`
 * (the last sentence only when the agent has a description).
 *
 * @example
 * ```ts
 * identityText({ name: 'weather_agent', description: 'Answers weather questions.' });
 * ```
 */
export const identityRequestProcessor: LlmRequestProcessor = (_ctx, agent, request) => {
  appendInstructions(request, [identityText(agent)]);
};

/**
 * The identity sentence(s) for an agent.
 *
 * @example
 * ```ts
 * identityText({ name: 'weather_agent', description: 'Answers weather questions.' });
 * // 'You are an agent. Your internal name is "weather_agent". The description about you is "Answers weather questions.".'
 * ```
 */
export function identityText(agent: { name: string; description?: string | undefined }): string {
  const name = `You are an agent. Your internal name is "${agent.name}".`;
  return agent.description ? `${name} The description about you is "${agent.description}".` : name;
}
