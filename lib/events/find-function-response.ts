import type { FunctionResponse } from '@google/genai';
import type { Event } from './event.js';

/**
 * The first function response in an event's content that `matches`, read in place: no array of
 * responses is built (unlike `getFunctionResponses`), so asking it of every
 * function-response event allocates nothing when `matches` is a function made once.
 * `undefined` when no response matches (or the event has no content).
 *
 * @example
 * ```ts
 * const isWeather = (response: FunctionResponse) => response.name === 'get_weather';
 * findFunctionResponse(toolEvent, isWeather)?.response; // { temp: 25 }
 * ```
 */
export function findFunctionResponse(event: Pick<Event, 'content'>, matches: (response: FunctionResponse) => boolean): FunctionResponse | undefined {
  const parts = event.content?.parts;
  if (!parts) return undefined;
  for (let i = 0; i < parts.length; i++) {
    const response = parts[i]!.functionResponse;
    if (response && matches(response)) return response;
  }
  return undefined;
}
