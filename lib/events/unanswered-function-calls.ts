import type { FunctionCall } from '@google/genai';
import type { Event } from './event.js';
import { CLIENT_ANSWERED_FUNCTION_CALL_PREFIX } from './framework-function-names.js';

/** A model event with the function calls that nothing has answered yet. */
export interface UnansweredFunctionCalls {
  /** The stored event that made the calls. */
  event: Event;
  /** Its calls without a function response anywhere later in the history, in part order. */
  calls: FunctionCall[];
}

/**
 * The function calls in a history that no later function response answers: the "orphans" a turn
 * left behind when it was unsubscribed, its process died or its store was lost (SPEC §6, whole
 * turns). Calls that legitimately wait for the client are not orphans: long-running calls (the
 * event's `longRunningToolIds`) and the framework's client-answered calls
 * (`adk_request_confirmation`, `adk_request_credential`, any `adk_request_…`). Calls without an
 * id cannot be answered by id and are left alone; partial and user events are ignored.
 *
 * ```
 * history:  user ─ model{call c1, c2} ─ user{response c1}
 * result:   [{ event: model, calls: [c2] }]
 * ```
 *
 * @example
 * ```ts
 * unansweredFunctionCalls(session.events).flatMap((u) => u.calls.map((c) => c.id)); // ['adk-7']
 * ```
 */
export function unansweredFunctionCalls(events: readonly Event[]): UnansweredFunctionCalls[] {
  const answered = new Set<string>();
  const found: UnansweredFunctionCalls[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    const calls = orphansOf(event, answered);
    if (calls.length) found.push({ event, calls });
    for (const part of event.content?.parts ?? []) {
      if (part.functionResponse?.id !== undefined) answered.add(part.functionResponse.id);
    }
  }
  return found.reverse();
}

function orphansOf(event: Event, answered: ReadonlySet<string>): FunctionCall[] {
  if (event.partial || event.author === 'user') return [];
  const orphans: FunctionCall[] = [];
  for (const part of event.content?.parts ?? []) {
    const call = part.functionCall;
    if (call && isOrphan(call, event, answered)) orphans.push(call);
  }
  return orphans;
}

function isOrphan(call: FunctionCall, event: Event, answered: ReadonlySet<string>): boolean {
  if (call.id === undefined || answered.has(call.id)) return false;
  if (event.longRunningToolIds?.includes(call.id)) return false;
  return !(typeof call.name === 'string' && call.name.startsWith(CLIENT_ANSWERED_FUNCTION_CALL_PREFIX));
}
