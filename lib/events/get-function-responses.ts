import type { FunctionResponse } from '@google/genai';
import type { Event } from './event.js';

/**
 * The function responses in an event's content, in order.
 *
 * @example
 * ```ts
 * getFunctionResponses(toolEvent)[0].response; // { result: 'sunny' }
 * ```
 */
export function getFunctionResponses(event: Pick<Event, 'content'>): FunctionResponse[] {
  const responses: FunctionResponse[] = [];
  for (const part of event.content?.parts ?? []) {
    if (part.functionResponse) responses.push(part.functionResponse);
  }
  return responses;
}
