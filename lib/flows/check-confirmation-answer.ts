import type { FunctionCall } from '@google/genai';
import type { Event } from '../events/event.js';
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { getFunctionResponses } from '../events/get-function-responses.js';
import type { ToolConfirmation } from '../events/tool-confirmation.js';
import { InvalidConfirmationError } from '../utils/errors.js';

/** A client's answer to a confirmation request, as found in a user event. */
export interface ConfirmationAnswer {
  /** The id of the `adk_request_confirmation` call it answers. */
  requestId: string;
  response: Record<string, unknown>;
}

/** A confirmation that passed every check: the call to re-run and the decision. */
export interface HonouredConfirmation {
  call: FunctionCall;
  confirmation: ToolConfirmation;
}

/**
 * The confirmation answers of the latest user event, with that event's index (or none).
 *
 * @example
 * ```ts
 * latestConfirmationAnswers(session.events); // { index: 7, answers: [{ requestId: 'adk-…', response: { confirmed: true } }] }
 * ```
 */
export function latestConfirmationAnswers(events: readonly Event[]): { index: number; answers: ConfirmationAnswer[] } | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i]!.author !== 'user') continue;
    const answers = answersIn(events[i]!);
    return answers.length ? { index: i, answers } : undefined;
  }
  return undefined;
}

function answersIn(event: Event): ConfirmationAnswer[] {
  return getFunctionResponses(event)
    .filter((r) => r.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME && r.id)
    .map((r) => ({ requestId: r.id!, response: unwrap(r.response ?? {}) }));
}

/** ADK clients may send the answer as `{response: "<json>"}`. */
function unwrap(response: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(response);
  if (keys.length === 1 && keys[0] === 'response' && typeof response['response'] === 'string') {
    try {
      return JSON.parse(response['response']) as Record<string, unknown>;
    } catch {
      return response;
    }
  }
  return response;
}

/** What checking an answer concluded. */
export type ConfirmationCheck =
  | { kind: 'honoured'; value: HonouredConfirmation }
  | { kind: 'already-resumed' }
  | { kind: 'invalid'; error: InvalidConfirmationError };

/**
 * Checks a confirmation answer against the session (SPEC §10.5). It is honoured only if the
 * request exists in this session, was emitted by `agentName`, names a call this agent really
 * made (same tool, same arguments — also when the answer echoes the call), confirmation was really
 * requested for that call, and the request was not answered before. An answer already acted on in
 * this invocation (the call has a newer response) is `already-resumed`.
 *
 * @example
 * ```ts
 * checkConfirmationAnswer(session.events, 'hr_agent', answer, answerIndex).kind; // 'honoured'
 * ```
 */
export function checkConfirmationAnswer(
  events: readonly Event[],
  agentName: string,
  answer: ConfirmationAnswer,
  answerIndex: number,
): ConfirmationCheck {
  const invalid = (reason: string): ConfirmationCheck => ({
    kind: 'invalid',
    error: new InvalidConfirmationError({ functionCallId: answer.requestId, reason }),
  });
  const found = findCall(events, answer.requestId, answerIndex);
  if (!found) return invalid('there is no confirmation request with this id in this session.');
  const { event: requestEvent, call: requestCall, index: requestIndex } = found;
  if (requestCall.name !== REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) {
    return invalid(`this id belongs to a call of "${requestCall.name}", not to a confirmation request.`);
  }
  if (requestEvent.author !== agentName) {
    return invalid(`the request was made by agent "${requestEvent.author}", not by "${agentName}".`);
  }
  const args = (requestCall.args ?? {}) as { originalFunctionCall?: FunctionCall; toolConfirmation?: ToolConfirmation };
  const original = args.originalFunctionCall;
  if (!original?.id) return invalid('the request does not name the tool call it is for.');
  const made = findCall(events, original.id, requestIndex);
  if (!made || made.event.author !== agentName || !sameCall(made.call, original)) {
    return invalid(`agent "${agentName}" made no call of "${original.name}" with these arguments.`);
  }
  const echoed = answer.response['originalFunctionCall'] as FunctionCall | undefined;
  if (echoed && !sameCall({ ...echoed, id: original.id }, original)) {
    return invalid(`the answer changes the call (tool or arguments) that was confirmed: "${original.name}".`);
  }
  if (!confirmationWasRequested(events, original.id, agentName)) {
    return invalid(`confirmation was never requested for the call of "${original.name}".`);
  }
  if (answeredBefore(events, answer.requestId, answerIndex)) return invalid('this request was already answered.');
  if (respondedAfter(events, original.id, answerIndex)) return { kind: 'already-resumed' };
  if (typeof answer.response['confirmed'] !== 'boolean') {
    return invalid('the answer must be {confirmed: true | false, payload?}.');
  }
  const payload = answer.response['payload'] ?? args.toolConfirmation?.payload;
  return {
    kind: 'honoured',
    value: {
      call: made.call,
      confirmation: {
        ...(args.toolConfirmation?.hint !== undefined ? { hint: args.toolConfirmation.hint } : {}),
        confirmed: answer.response['confirmed'],
        ...(payload !== undefined ? { payload } : {}),
      },
    },
  };
}

function findCall(events: readonly Event[], id: string, before: number) {
  for (let i = Math.min(before, events.length) - 1; i >= 0; i--) {
    const call = getFunctionCalls(events[i]!).find((c) => c.id === id);
    if (call) return { event: events[i]!, call, index: i };
  }
  return undefined;
}

function sameCall(a: FunctionCall, b: FunctionCall): boolean {
  return a.id === b.id && a.name === b.name && canonical(a.args ?? {}) === canonical(b.args ?? {});
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function confirmationWasRequested(events: readonly Event[], callId: string, agentName: string): boolean {
  return events.some((e) => e.author === agentName && e.actions.requestedToolConfirmations[callId] !== undefined);
}

function answeredBefore(events: readonly Event[], requestId: string, answerIndex: number): boolean {
  return events
    .slice(0, answerIndex)
    .some((e) => e.author === 'user' && answersIn(e).some((a) => a.requestId === requestId));
}

function respondedAfter(events: readonly Event[], callId: string, index: number): boolean {
  return events.slice(index + 1).some((e) => getFunctionResponses(e).some((r) => r.id === callId));
}
