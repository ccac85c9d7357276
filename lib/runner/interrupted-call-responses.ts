import type { Content } from '@google/genai';
import type { InvocationContext } from '../context/invocation-context.js';
import { getFunctionResponses } from '../events/get-function-responses.js';
import type { Event } from '../events/event.js';
import { unansweredFunctionCalls } from '../events/unanswered-function-calls.js';

/** What the model is told about a call that a previous turn left unanswered (ADK's `{error}` shape). */
export const INTERRUPTED_CALL_ERROR = 'The call was interrupted before it finished.';

/**
 * "Repair on read" (SPEC §6, whole turns): one function-response event for each stored model
 * event whose calls were never answered (an unsubscribe, a dead process, a lost store) and are not
 * answered by the new user `message` either, answering each with
 * `{error: 'The call was interrupted before it finished.'}`. Authored by the agent that made the
 * calls, on its branch, in this invocation. The Runner commits them just before the new user event
 * and before anything else runs: the model then sees each answer right after its call and the new
 * message after them (ADK moves a history's *latest* function response next to its call and drops
 * what lies between, so an answer stored after the message would hide the message).
 *
 * ```
 * session:   … model{call c1 (get_weather)}            ← the process died here
 * next turn: weather_agent{response c1: {error: 'The call was interrupted…'}} ─ user ─ …
 * ```
 *
 * In a resumable app the Runner calls it only when a new user message starts a new invocation: a
 * resumed invocation (`runAsync({invocationId})`, or a function response routed to its call)
 * executes the calls it left open again instead, so they stay open while it can be resumed.
 *
 * @example
 * ```ts
 * interruptedCallResponses(ctx, newMessage).length; // 0 for a whole session
 * ```
 */
export function interruptedCallResponses(ctx: InvocationContext, message: Content): Event[] {
  const events = ctx.session.events;
  const unanswered = events.length === 0 ? [] : unansweredFunctionCalls(events.slice(startOfUnrepairedEvents(events)));
  // most turns find no open call: the new message's answers are read only when one is found
  if (unanswered.length === 0) return [];
  const answeredNow = new Set(getFunctionResponses({ content: message }).map((r) => r.id));
  return unanswered
    .map(({ event, calls }) => ({ event, calls: calls.filter((call) => !answeredNow.has(call.id)) }))
    .filter(({ calls }) => calls.length > 0)
    .map(({ event, calls }) =>
    ctx.createEvent({
      author: event.author,
      ...(event.branch !== undefined ? { branch: event.branch } : {}),
      content: {
        role: 'user',
        parts: calls.map((call) => ({ functionResponse: { id: call.id!, name: call.name ?? '', response: { error: INTERRUPTED_CALL_ERROR } } })),
      },
    }),
  );
}

/**
 * Where calls may still be open: every invocation answers what the turns before it left open
 * just before storing its user event, so once an invocation has stored anything after its user
 * event, everything before that user event is whole. Scanning back to the latest such invocation
 * keeps the repair O(one turn) instead of O(history). (An invocation that stored only its user
 * event — it died at once, or a beforeRun plugin answered — proves nothing: the scan goes on
 * past it.)
 *
 * ```
 * user(i1) a(i1) a(i1) user(i2) a(i2)… user(i3)          ← i3 starts: scan from user(i2)
 * ```
 */
function startOfUnrepairedEvents(events: readonly Event[]): number {
  const continued = new Set<string>();
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.author !== 'user') continued.add(event.invocationId);
    else if (continued.has(event.invocationId)) return i;
  }
  return 0;
}
