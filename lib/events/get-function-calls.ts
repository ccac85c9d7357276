import type { FunctionCall } from '@google/genai';
import type { Event } from './event.js';

/**
 * The function calls in an event's content, in order.
 *
 * @example
 * ```ts
 * getFunctionCalls(modelEvent).map((c) => c.name); // ['get_weather']
 * ```
 */
export function getFunctionCalls(event: Pick<Event, 'content'>): FunctionCall[] {
  const calls: FunctionCall[] = [];
  for (const part of event.content?.parts ?? []) {
    if (part.functionCall) calls.push(part.functionCall);
  }
  return calls;
}
