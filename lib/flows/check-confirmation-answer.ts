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

/** The confirmation answers of one user event, in part order, with that event's index in the history. */
export interface ConfirmationMessage {
  index: number;
  answers: ConfirmationAnswer[];
}

/** A confirmation that passed every check: the call to re-run and the decision. */
export interface HonouredConfirmation {
  call: FunctionCall;
  confirmation: ToolConfirmation;
}

/** What checking an answer concluded. */
export type ConfirmationCheck =
  | { kind: 'honoured'; value: HonouredConfirmation }
  /** The message was already acted on (its calls resumed or its answers refused) after it was stored: nothing more to do. */
  | { kind: 'already-resumed' }
  | { kind: 'invalid'; error: InvalidConfirmationError };

/**
 * The confirmation answers of the latest user event, with that event's index (or none).
 *
 * @example
 * ```ts
 * latestConfirmationAnswers(session.events); // { index: 7, answers: [{ requestId: 'adk-…', response: { confirmed: true } }] }
 * ```
 */
export function latestConfirmationAnswers(events: readonly Event[]): ConfirmationMessage | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i]!.author !== 'user') continue;
    const answers = answersIn(events[i]!);
    return answers.length ? { index: i, answers } : undefined;
  }
  return undefined;
}

/**
 * Checks the confirmation answers of one user message against the session (SPEC §6 "Whole
 * turns", §10.5), in part order. Each `adk_request_confirmation` is answered at most once across
 * the session: the first valid answer to a request (in history order, then part order) is
 * honoured; any other answer is `invalid`. An answer is valid when the request exists before the
 * message, was emitted by `agentName`, names a call this agent really made (same tool, same
 * arguments — also when the answer echoes the call), confirmation was really requested for that
 * call, and the answer is `{confirmed: boolean, payload?}`. It is then refused when:
 *
 * - an earlier message already held a valid answer to the same request ("already answered");
 * - an earlier part of this message did ("already answered earlier in this message");
 * - an earlier part of this message confirms the same tool call through another request.
 *
 * A refused answer uses nothing up: a later valid answer to the same request is honoured. The
 * `payload` is the human's answer and is passed unchanged (the request's payload when the answer
 * has none); it is never compared with the request's. The decisions depend only on the stored
 * history up to the message, so a reloaded session reaches the same ones. Once the message has
 * been acted on (a later event of `agentName` answers a call it honours, or refuses a
 * confirmation), every check is `already-resumed`.
 *
 * Ids and names are compared as strings (never looked up as object properties), so `__proto__`,
 * `constructor` or `toString` are ids like any other.
 *
 * @example
 * ```ts
 * const message = latestConfirmationAnswers(session.events)!; // 2 copies of one approval
 * checkConfirmationAnswers(session.events, 'hr_agent', message).map((c) => c.kind); // ['honoured', 'invalid']
 * ```
 */
export function checkConfirmationAnswers(events: readonly Event[], agentName: string, message: ConfirmationMessage): ConfirmationCheck[] {
  const requestIds = new Set(message.answers.map((a) => a.requestId));
  const answeredEarlier = requestsAnsweredBefore(events, agentName, message.index, requestIds);
  const checks = decide(events, agentName, message, answeredEarlier);
  return alreadyActedOn(events, agentName, message.index, checks) ? checks.map(() => ({ kind: 'already-resumed' })) : checks;
}

/**
 * Checks one answer stored at `answerIndex` as if it were the only answer of its message
 * ({@link checkConfirmationAnswers} checks a whole message, duplicates included).
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
  return checkConfirmationAnswers(events, agentName, { index: answerIndex, answers: [answer] })[0]!;
}

/** The decisions for one message, given the requests validly answered before it. */
function decide(events: readonly Event[], agentName: string, message: ConfirmationMessage, answeredEarlier: ReadonlySet<string>): ConfirmationCheck[] {
  const answeredHere = new Set<string>();
  /** call id → the request whose answer resumes it in this message */
  const resumedHere = new Map<string, string>();
  return message.answers.map((answer) => {
    const check = checkAlone(events, agentName, answer, message.index);
    if (check.kind !== 'honoured') return check;
    if (answeredEarlier.has(answer.requestId)) return invalid(answer, 'this request was already answered.');
    if (answeredHere.has(answer.requestId)) return invalid(answer, 'this request was already answered earlier in this message.');
    const call = check.value.call;
    const other = resumedHere.get(call.id!);
    if (other !== undefined) {
      return invalid(answer, `the call of "${call.name}" is already answered by confirmation request "${other}" earlier in this message.`);
    }
    answeredHere.add(answer.requestId);
    resumedHere.set(call.id!, answer.requestId);
    return check;
  });
}

/**
 * The requests among `requestIds` that an earlier user message answered validly: the earlier
 * messages are decided again, in order, exactly as they were when they were the latest.
 */
function requestsAnsweredBefore(events: readonly Event[], agentName: string, index: number, requestIds: ReadonlySet<string>): Set<string> {
  const answered = new Set<string>();
  for (let i = 0; i < Math.min(index, events.length); i++) {
    if (events[i]!.author !== 'user') continue;
    const answers = answersIn(events[i]!);
    if (!answers.some((a) => requestIds.has(a.requestId))) continue;
    decide(events, agentName, { index: i, answers }, answered).forEach((check, k) => {
      if (check.kind === 'honoured') answered.add(answers[k]!.requestId);
    });
  }
  return answered;
}

/** The checks of one answer that depend on the history before its message only (not on other answers). */
function checkAlone(events: readonly Event[], agentName: string, answer: ConfirmationAnswer, answerIndex: number): ConfirmationCheck {
  const found = findCall(events, answer.requestId, answerIndex);
  if (!found) return invalid(answer, 'there is no confirmation request with this id in this session.');
  const { event: requestEvent, call: requestCall, index: requestIndex } = found;
  if (requestCall.name !== REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) {
    return invalid(answer, `this id belongs to a call of "${requestCall.name}", not to a confirmation request.`);
  }
  if (requestEvent.author !== agentName) {
    return invalid(answer, `the request was made by agent "${requestEvent.author}", not by "${agentName}".`);
  }
  const original = own(requestCall.args, 'originalFunctionCall') as FunctionCall | undefined;
  const requested = own(requestCall.args, 'toolConfirmation') as ToolConfirmation | undefined;
  if (!isObject(original) || typeof original.id !== 'string' || !original.id) {
    return invalid(answer, 'the request does not name the tool call it is for.');
  }
  const made = findCall(events, original.id, requestIndex);
  if (!made || made.event.author !== agentName || !sameCall(made.call, original)) {
    return invalid(answer, `agent "${agentName}" made no call of "${original.name}" with these arguments.`);
  }
  const echoed = own(answer.response, 'originalFunctionCall');
  if (echoed !== undefined && (!isObject(echoed) || !sameCall({ ...(echoed as FunctionCall), id: original.id }, original))) {
    return invalid(answer, `the answer changes the call (tool or arguments) that was confirmed: "${original.name}".`);
  }
  if (!confirmationWasRequested(events, original.id, agentName, answerIndex)) {
    return invalid(answer, `confirmation was never requested for the call of "${original.name}".`);
  }
  const confirmed = own(answer.response, 'confirmed');
  if (typeof confirmed !== 'boolean') return invalid(answer, 'the answer must be {confirmed: true | false, payload?}.');
  const answered = own(answer.response, 'payload');
  const payload = answered !== undefined ? answered : own(requested, 'payload');
  const hint = own(requested, 'hint');
  return {
    kind: 'honoured',
    value: {
      call: made.call,
      confirmation: { ...(typeof hint === 'string' ? { hint } : {}), confirmed, ...(payload !== undefined ? { payload } : {}) },
    },
  };
}

function invalid(answer: ConfirmationAnswer, reason: string): ConfirmationCheck {
  return { kind: 'invalid', error: new InvalidConfirmationError({ functionCallId: answer.requestId, reason }) };
}

function answersIn(event: Event): ConfirmationAnswer[] {
  return getFunctionResponses(event)
    .filter((r) => r.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME && typeof r.id === 'string' && r.id !== '')
    .map((r) => ({ requestId: r.id!, response: unwrap(r.response) }));
}

/** ADK clients may send the answer as `{response: "<json>"}`; anything but an object reads as `{}`. */
function unwrap(response: unknown): Record<string, unknown> {
  if (!isObject(response)) return {};
  const keys = Object.keys(response);
  if (keys.length === 1 && keys[0] === 'response' && typeof response['response'] === 'string') {
    try {
      const parsed: unknown = JSON.parse(response['response']);
      return isObject(parsed) ? parsed : response;
    } catch {
      return response;
    }
  }
  return response;
}

/** `object[key]` if it is the object's own property (never an inherited one such as `constructor`). */
function own(object: unknown, key: string): unknown {
  return isObject(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
  return String(JSON.stringify(value));
}

function confirmationWasRequested(events: readonly Event[], callId: string, agentName: string, before: number): boolean {
  return events
    .slice(0, before)
    .some((e) => e.author === agentName && Object.hasOwn(e.actions.requestedToolConfirmations, callId));
}

/** Whether an event after the message already acted on it: answered a call it honours, or refused a confirmation. */
function alreadyActedOn(events: readonly Event[], agentName: string, index: number, checks: readonly ConfirmationCheck[]): boolean {
  const callIds = new Set(checks.flatMap((c) => (c.kind === 'honoured' ? [c.value.call.id!] : [])));
  return events
    .slice(index + 1)
    .some(
      (e) =>
        e.author === agentName &&
        (e.errorCode === 'INVALID_CONFIRMATION' || getFunctionResponses(e).some((r) => r.id !== undefined && callIds.has(r.id))),
    );
}
