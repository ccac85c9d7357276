import type { Content, Part } from '@google/genai';

/**
 * A user message: role `'user'`, the text as its first part, then any extra parts (an image, a
 * file, a function response) in the order given. What `runner.runAsync({ newMessage })` and
 * `Conversation.send(...)` take.
 *
 * @example
 * ```ts
 * userMessage('What is in this picture?', { inlineData: { mimeType: 'image/png', data: base64 } });
 * // { role: 'user', parts: [{ text: 'What is in this picture?' }, { inlineData: … }] }
 * ```
 */
export function userMessage(text: string, ...parts: Part[]): Content {
  return { role: 'user', parts: [{ text }, ...parts] };
}
