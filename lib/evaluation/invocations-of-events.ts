import type { Content } from '@google/genai';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { isFinalResponse } from '../events/is-final-response.js';
import type { Invocation, InvocationEvent } from './eval-set.js';

/**
 * A session's events as eval invocations, the way ADK turns a session into an eval case
 * (`convert_events_to_eval_invocations`): one invocation per invocation id, in order of first
 * appearance, with
 * - `userContent`: what the user said (the last user event with content; its time is the
 *   invocation's `creationTimestamp`);
 * - `finalResponse`: the last final response with content (a text one wins over one without text);
 * - `intermediateData.invocationEvents`: every other non-user event with a function call, a
 *   function response, text or inline data — the final one only when it also calls tools.
 *
 * Partial chunks are not final responses, and carry no weight here; state-only events are skipped.
 *
 * @example
 * ```ts
 * invocationsOfEvents(session.events);
 * // [{ invocationId: 'e-1', userContent: { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
 * //    finalResponse: { role: 'model', parts: [{ text: 'Sunny.' }] },
 * //    intermediateData: { invocationEvents: [{ author: 'weather', content: { parts: [{ functionCall: … }] } }, …] },
 * //    creationTimestamp: 1732650000.1 }]
 * ```
 */
export function invocationsOfEvents(events: readonly Event[]): Invocation[] {
  return [...groupByInvocation(events)].map(([invocationId, group]) => invocationOf(invocationId, group));
}

function groupByInvocation(events: readonly Event[]): Map<string, Event[]> {
  const groups = new Map<string, Event[]>();
  for (const event of events) groups.set(event.invocationId, [...(groups.get(event.invocationId) ?? []), event]);
  return groups;
}

function invocationOf(invocationId: string, events: readonly Event[]): Invocation {
  const user = events.filter((event) => isUser(event) && event.content !== undefined).at(-1);
  const answers = events.filter((event) => !isUser(event) && !event.partial && (event.content?.parts?.length ?? 0) > 0);
  const finalEvent = answers.filter(isFinalResponse).reduce<Event | undefined>((kept, event) => (kept && hasText(kept) && !hasText(event) ? kept : event), undefined);
  const intermediate = answers.filter(isIntermediate).filter((event) => event !== finalEvent || getFunctionCalls(event).length > 0);
  return {
    invocationId,
    userContent: user?.content ?? { parts: [] },
    ...(finalEvent?.content ? { finalResponse: finalEvent.content } : {}),
    intermediateData: { invocationEvents: intermediate.map(invocationEventOf) },
    creationTimestamp: user?.timestamp ?? 0,
  };
}

function isUser(event: Event): boolean {
  return (event.author || 'agent').toLowerCase() === 'user';
}

function hasText(event: Event): boolean {
  return (event.content?.parts ?? []).some((part) => !!part.text);
}

/** An event worth keeping on the way to the answer: a call, a response, text or inline data. */
function isIntermediate(event: Event): boolean {
  return (event.content?.parts ?? []).some((part) => part.functionCall || part.functionResponse || part.text || part.inlineData);
}

function invocationEventOf(event: Event): InvocationEvent {
  return { author: event.author, ...(event.content ? { content: event.content as Content } : {}) };
}
