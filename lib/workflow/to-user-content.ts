import type { Content } from '@google/genai';

/**
 * A node input as a user turn for an agent node: text as a text part, a `Content` as it is,
 * anything else as JSON text; `undefined` for no input.
 *
 * @example
 * ```ts
 * toUserContent('Apple');       // { role: 'user', parts: [{ text: 'Apple' }] }
 * toUserContent({ tier: 'VIP' }); // { role: 'user', parts: [{ text: '{"tier":"VIP"}' }] }
 * ```
 */
export function toUserContent(input: unknown): Content | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'string') return { role: 'user', parts: [{ text: input }] };
  if (isContent(input)) return { ...input, role: input.role ?? 'user' };
  return { role: 'user', parts: [{ text: JSON.stringify(input) }] };
}

function isContent(value: unknown): value is Content {
  return typeof value === 'object' && value !== null && Array.isArray((value as Content).parts);
}
