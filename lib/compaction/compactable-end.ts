import type { FunctionCall } from '@google/genai';
import type { Event } from '../events/event.js';
import { getConfirmationRequests } from '../events/confirmation-requests.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { getFunctionResponses } from '../events/get-function-responses.js';

/**
 * Where a compaction of `events[start, end)` must stop so that it loses nothing the model still
 * needs (pure; looks only at `events[start..]`):
 *
 * 1. **held calls** — before the first event that holds a call still waiting for its answer (a
 *    pending or long-running call, an unanswered `adk_request_confirmation` and the tool call it
 *    asks about, an input request) or an answer to one of those: they are never compacted;
 * 2. **kept responses keep their calls** — earlier still if an event that stays raw answers a
 *    call that the range would summarise away;
 * 3. **timestamps** — earlier still while the first raw event shares the last summarised event's
 *    timestamp (a compaction covers `[start, end]` by timestamp, so it would hide it).
 *
 * Returns the new end (`start` when nothing can be compacted).
 *
 * @example
 * ```ts
 * // [user, call(c1), response(c1), user, call(c2) (pending)]
 * compactableEnd(events, 0, 5); // 4: the pending call and what follows stay raw
 * ```
 */
export function compactableEnd(events: readonly Event[], start: number, end: number): number {
  const callIndex = new Map<string, number>();
  const answered = new Set<string>();
  for (let i = start; i < events.length; i++) {
    for (const call of getFunctionCalls(events[i]!)) if (call.id) callIndex.set(call.id, i);
    for (const response of getFunctionResponses(events[i]!)) if (response.id) answered.add(response.id);
  }
  let cut = Math.min(end, firstHeldIndex(events, start, end, heldCallIds(events, start, end, answered)));
  for (let i = events.length - 1; i >= cut; i--) {
    for (const response of getFunctionResponses(events[i]!)) {
      const call = response.id === undefined ? undefined : callIndex.get(response.id);
      if (call !== undefined && call < cut) cut = call;
    }
  }
  while (cut > start && cut < events.length && events[cut]!.timestamp === events[cut - 1]!.timestamp) cut--;
  return cut;
}

/** Calls of `events[start, end)` that nothing answered, with the tool calls their confirmation requests ask about. */
function heldCallIds(events: readonly Event[], start: number, end: number, answered: ReadonlySet<string>): Set<string> {
  const held = new Set<string>();
  for (let i = start; i < end; i++) {
    const event = events[i]!;
    for (const call of getFunctionCalls(event)) if (isOpen(call, answered)) held.add(call.id!);
    for (const request of getConfirmationRequests(event)) {
      if (!answered.has(request.id) && request.originalFunctionCall.id) held.add(request.originalFunctionCall.id);
    }
  }
  return held;
}

function isOpen(call: FunctionCall, answered: ReadonlySet<string>): boolean {
  return !!call.id && !answered.has(call.id);
}

function firstHeldIndex(events: readonly Event[], start: number, end: number, held: ReadonlySet<string>): number {
  if (held.size === 0) return end;
  for (let i = start; i < end; i++) {
    const event = events[i]!;
    if (getFunctionCalls(event).some((c) => c.id && held.has(c.id))) return i;
    if (getFunctionResponses(event).some((r) => r.id && held.has(r.id))) return i;
  }
  return end;
}
