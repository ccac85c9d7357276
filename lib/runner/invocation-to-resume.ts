import type { Content } from '@google/genai';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { REQUEST_INPUT_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import { getFunctionResponses } from '../events/get-function-responses.js';
import type { Session } from '../sessions/session.js';
import { InvalidRequestError } from '../utils/errors.js';
import { InvocationNotFoundError } from './invocation-not-found-error.js';

/** What a resumed invocation starts from. */
export interface InvocationToResume {
  invocationId: string;
  /** The message of the invocation: the new one, or else the one it was started with. */
  userContent: Content;
  /** Whether `newMessage` is to be stored: a function response always is; a text only if the invocation has no user message yet (ADK). */
  storeNewMessage: boolean;
  /**
   * The calls earlier turns left open are answered first, as for a new invocation: a workflow run
   * continued by the answers to its input requests in an app that is not resumable.
   */
  repairs?: boolean;
}

/**
 * The invocation a `runAsync` request resumes in a resumable app, or `undefined` for a new
 * invocation (ADK Python's `_resolve_invocation_id` and `_setup_context_for_resumed_invocation`):
 *
 * - `invocationId` given: that invocation ({@link InvocationNotFoundError} if the session has no
 *   event of it, or no user message to resume it with and none is given);
 * - else a `newMessage` holding function responses: the invocation that holds the matching calls,
 *   without the caller naming it (an {@link InvalidRequestError} if they belong to different ones);
 * - else none: a new invocation.
 *
 * Without resumability an `invocationId` is an {@link InvalidRequestError}, and only a message
 * that answers a workflow's input requests (`adk_request_input` responses, all of one invocation)
 * continues that invocation, under its id, as ADK 2.x's workflows do; anything else is a new one.
 *
 * @example
 * ```ts
 * invocationToResume(session, { newMessage: approvalResponse }, true)?.invocationId; // 'e-1', the approval's invocation
 * ```
 */
export function invocationToResume(
  session: Session,
  request: { invocationId?: string | undefined; newMessage?: Content | undefined },
  resumable: boolean,
): InvocationToResume | undefined {
  if (!resumable) {
    if (request.invocationId !== undefined) {
      throw new InvalidRequestError(`runAsync got invocationId "${request.invocationId}", but only a resumable app resumes invocations: new App({ ..., resumability: { isResumable: true } }).`);
    }
    const paused = invocationOfInputRequests(session.events, request.newMessage);
    return paused === undefined ? undefined : { invocationId: paused, userContent: request.newMessage!, storeNewMessage: true, repairs: true };
  }
  const invocationId = request.invocationId ?? invocationOfAnsweredCalls(session.events, request.newMessage);
  if (invocationId === undefined) return undefined;
  const events = session.events.filter((event) => event.invocationId === invocationId);
  if (!events.length) throw new InvocationNotFoundError({ invocationId, sessionId: session.id });
  const original = events.find((event) => event.author === 'user' && event.content)?.content;
  const isResponse = !!request.newMessage && getFunctionResponses({ content: request.newMessage }).length > 0;
  const userContent = request.newMessage && (isResponse || !original) ? request.newMessage : original;
  if (!userContent) {
    throw new InvocationNotFoundError({
      invocationId,
      sessionId: session.id,
      reason: `Invocation "${invocationId}" of session "${session.id}" has no user message to resume with: pass a newMessage.`,
    });
  }
  return { invocationId, userContent, storeNewMessage: !!request.newMessage && (isResponse || !original) };
}

/** The invocation holding the calls that `message`'s function responses answer (an {@link InvalidRequestError} if they belong to several). */
function invocationOfAnsweredCalls(events: readonly Event[], message: Content | undefined): string | undefined {
  const found = invocationsOfAnsweredCalls(events, message);
  if (found.size > 1) {
    throw new InvalidRequestError(`The function responses of newMessage answer calls of ${found.size} invocations (${[...found].join(', ')}): answer one invocation per message.`);
  }
  return found.values().next().value;
}

/** The invocations holding the calls that `message`'s function responses answer (searched from the latest event back). */
function invocationsOfAnsweredCalls(events: readonly Event[], message: Content | undefined): Set<string> {
  const ids = new Set(message ? getFunctionResponses({ content: message }).map((r) => r.id) : []);
  const found = new Set<string>();
  for (let i = events.length - 1; i >= 0 && ids.size; i--) {
    for (const call of getFunctionCalls(events[i]!)) {
      if (call.id !== undefined && ids.delete(call.id)) found.add(events[i]!.invocationId);
    }
  }
  return found;
}

/** The one invocation holding the `adk_request_input` calls `message` answers, when it answers only such calls, all of one invocation. */
function invocationOfInputRequests(events: readonly Event[], message: Content | undefined): string | undefined {
  const responses = message ? getFunctionResponses({ content: message }) : [];
  if (!responses.length || !responses.every((r) => r.name === REQUEST_INPUT_FUNCTION_CALL_NAME && r.id)) return undefined;
  const found = invocationsOfAnsweredCalls(events, message);
  return found.size === 1 ? found.values().next().value : undefined;
}
