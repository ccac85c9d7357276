import type { Content } from '@google/genai';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { getFunctionResponses } from '../events/get-function-responses.js';

/**
 * The branch a user message of function responses belongs to, as ADK Python 2.x stores it: the
 * branch of the calls it answers, when every response answers a stored call and those calls share
 * one branch (a `NodeTool`'s node asked for input on `calculate_discount@fc-2`). `undefined` for
 * any other message, and for answers to calls on no branch.
 *
 * @example
 * ```ts
 * answeredCallBranch(session.events, { role: 'user', parts: [{ functionResponse: { id: 'confirm', name: 'adk_request_input', response: { text: 'yes' } } }] });
 * // 'calculate_discount@adk-2'
 * ```
 */
export function answeredCallBranch(events: readonly Event[], message: Content): string | undefined {
  const ids = getFunctionResponses({ content: message }).map((r) => r.id);
  if (!ids.length || ids.some((id) => id === undefined)) return undefined;
  const branches = new Set<string | undefined>();
  for (const id of ids) {
    const call = findLast(events, (event) => getFunctionCalls(event).some((c) => c.id === id));
    if (!call) return undefined;
    branches.add(call.branch);
  }
  return branches.size === 1 ? [...branches][0] : undefined;
}

function findLast(events: readonly Event[], test: (event: Event) => boolean): Event | undefined {
  for (let i = events.length - 1; i >= 0; i--) if (test(events[i]!)) return events[i];
  return undefined;
}
