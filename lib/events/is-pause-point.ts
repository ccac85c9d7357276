import type { Event } from './event.js';
import { getFunctionCalls } from './get-function-calls.js';

/**
 * True when `event` calls a long-running function (its id is in `longRunningToolIds`: a
 * long-running tool, a confirmation or an input request). In a resumable app the invocation
 * pauses there (ADK Python's `should_pause_invocation`): it ends without `endOfAgent`, to be
 * resumed when the call's answer arrives.
 *
 * @example
 * ```ts
 * isPausePoint(modelEventCallingApproveTool); // true when approve is a long-running tool
 * ```
 */
export function isPausePoint(event: Event): boolean {
  const ids = event.longRunningToolIds;
  if (!ids?.length) return false;
  return getFunctionCalls(event).some((call) => call.id !== undefined && ids.includes(call.id));
}
