import type { Message } from '@a2a-js/sdk';
import type { Content } from '@google/genai';
import { a2aPartToGenaiPart } from './a2a-part-to-genai-part.js';
import { ROLES } from './task-states.js';

/**
 * The `@google/genai` Content of an A2A message: its parts converted with
 * {@link a2aPartToGenaiPart} (empty ones dropped), role `user` for a user's message and `model`
 * for an agent's.
 *
 * @example
 * ```ts
 * a2aMessageToContent(message); // { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] }
 * ```
 */
export function a2aMessageToContent(message: Pick<Message, 'role' | 'parts'>): Content {
  const parts = message.parts.flatMap((part) => {
    const converted = a2aPartToGenaiPart(part);
    return converted ? [converted] : [];
  });
  return { role: message.role === ROLES.agent ? 'model' : 'user', parts };
}
