import type { Part } from '@google/genai';
import type { Event } from './event.js';
import { hasTrailingCodeExecutionResult } from './has-trailing-code-execution-result.js';

/**
 * True when the event is the last word of its agent for this turn: it skips summarisation, or it
 * waits on long-running tools, or it carries no function call, no function response, no trailing
 * code-execution result and is not a partial chunk.
 *
 * @example
 * ```ts
 * isFinalResponse(createEvent({ author: 'a', content: { parts: [{ text: 'Done.' }] } })); // true
 * ```
 */
export function isFinalResponse(event: Event): boolean {
  if (event.actions.skipSummarization || (event.longRunningToolIds?.length ?? 0) > 0) return true;
  return (
    // asked of every event: the parts are read in place, no array of calls or responses built
    !event.content?.parts?.some(isCallOrResponse) &&
    !event.partial &&
    !hasTrailingCodeExecutionResult(event)
  );
}

function isCallOrResponse(part: Part): boolean {
  return !!part.functionCall || !!part.functionResponse;
}
