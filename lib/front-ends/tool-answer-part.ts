import type { Part } from '@google/genai';

/**
 * The function-response part that answers a call with what the client sent: a JSON object (or a
 * string holding one) is the response; anything else is wrapped as `{result}`. A confirmation
 * (`adk_request_confirmation`) is answered with `{confirmed, payload?}` this way.
 *
 * @example
 * ```ts
 * toolAnswerPart({ id: 'c1', name: 'pick_color' }, '{"color":"teal"}');
 * // { functionResponse: { id: 'c1', name: 'pick_color', response: { color: 'teal' } } }
 * toolAnswerPart({ id: 'c2', name: 'ask' }, 'yes'); // response: { result: 'yes' }
 * ```
 */
export function toolAnswerPart(call: { id: string; name: string }, content: unknown): Part {
  const value = typeof content === 'string' ? parsedOrText(content) : content;
  const response = isRecord(value) ? value : { result: value ?? null };
  return { functionResponse: { id: call.id, name: call.name, response } };
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
