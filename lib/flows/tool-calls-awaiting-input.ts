import type { FunctionCall, FunctionResponse } from '@google/genai';
import type { Event } from '../events/event.js';
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import { findFunctionResponse } from '../events/find-function-response.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { getFunctionResponses } from '../events/get-function-responses.js';

/**
 * The calls of `agentName` that the latest user message lets go on: calls still unanswered whose
 * tool asked for human input on the call's own branch (a `NodeTool`'s node made an
 * `adk_request_input` call on branch `<tool>@<call id>`), and which that message answers. In the
 * order the agent made them; none when the latest user event answers no input request.
 *
 * ```
 * agent{call calculate_discount fc-2} ─ calculate_discount@fc-2: adk_request_input confirm ─ user{response confirm}
 * → [fc-2]
 * ```
 *
 * @example
 * ```ts
 * toolCallsAwaitingInput(session.events, 'customer_service_agent').map((c) => c.id); // ['fc-2']
 * ```
 */
export function toolCallsAwaitingInput(events: readonly Event[], agentName: string): FunctionCall[] {
  const message = latestUserEvent(events);
  // asked on every model call: a message answering no input request costs no array or Set
  if (!message || !findFunctionResponse(message, isInputAnswer)) return [];
  const answered = new Set(getFunctionResponses(message).filter(isInputAnswer).map((r) => r.id!));
  if (!answered.size) return [];
  const branches = requestBranches(events, answered);
  const responded = new Set(events.flatMap((event) => getFunctionResponses(event).map((r) => r.id)));
  const calls = events
    .filter((event) => event.author === agentName)
    .flatMap((event) => getFunctionCalls(event))
    .filter((call) => call.id !== undefined && !responded.has(call.id) && branches.has(`${call.name ?? ''}@${call.id}`));
  return calls;
}

/** A response to an input request (`adk_request_input`) that names the request. */
function isInputAnswer(response: FunctionResponse): boolean {
  return response.name === REQUEST_INPUT_FUNCTION_CALL_NAME && !!response.id;
}

function latestUserEvent(events: readonly Event[]): Event | undefined {
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.author === 'user') return events[i];
  return undefined;
}

/** The branch segments (`<tool>@<call id>`) of the answered requests' events. */
function requestBranches(events: readonly Event[], answered: ReadonlySet<string>): Set<string> {
  const segments = new Set<string>();
  for (const event of events) {
    if (!event.branch || !getFunctionCalls(event).some((c) => c.name === REQUEST_INPUT_FUNCTION_CALL_NAME && c.id && answered.has(c.id))) continue;
    for (const segment of event.branch.split('.')) segments.add(segment);
  }
  return segments;
}
