import type { Content } from '@google/genai';

/**
 * What the nodes after START receive: the message's text (its text parts joined) when it holds
 * only text, else the `Content` itself (as @google/adk 2.0 does); `undefined` without a message.
 *
 * @example
 * ```ts
 * startInput({ role: 'user', parts: [{ text: 'phone ' }, { text: 'broke' }] }); // 'phone broke'
 * ```
 */
export function startInput(message: Content | undefined): unknown {
  const parts = message?.parts;
  if (!parts?.length) return message === undefined ? undefined : message;
  if (parts.every((p) => typeof p.text === 'string' && !p.thought)) return parts.map((p) => p.text).join('');
  return message;
}
