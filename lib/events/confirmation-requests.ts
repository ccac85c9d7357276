import type { Content, FunctionCall } from '@google/genai';
import type { Event } from './event.js';
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from './framework-function-names.js';
import type { ToolConfirmation } from './tool-confirmation.js';

/** A tool call waiting for a human's decision, as a client reads it from an event. */
export interface ConfirmationRequest {
  /** The id of the `adk_request_confirmation` call: the answer must carry it. */
  id: string;
  /** The tool call that asked. */
  originalFunctionCall: FunctionCall;
  /** The hint and payload the tool gave; `confirmed` is `false` while pending. */
  toolConfirmation: ToolConfirmation;
}

/**
 * The confirmation requests an event carries (its `adk_request_confirmation` function calls).
 *
 * @example
 * ```ts
 * runner.runAsync(turn).subscribe((event) => {
 *   for (const request of getConfirmationRequests(event)) askUser(request.toolConfirmation.hint);
 * });
 * ```
 */
export function getConfirmationRequests(event: Pick<Event, 'content'>): ConfirmationRequest[] {
  const requests: ConfirmationRequest[] = [];
  for (const part of event.content?.parts ?? []) {
    const call = part.functionCall;
    if (call?.name !== REQUEST_CONFIRMATION_FUNCTION_CALL_NAME || !call.id) continue;
    const args = (call.args ?? {}) as { originalFunctionCall?: FunctionCall; toolConfirmation?: ToolConfirmation };
    if (!args.originalFunctionCall) continue;
    requests.push({
      id: call.id,
      originalFunctionCall: args.originalFunctionCall,
      toolConfirmation: { confirmed: false, ...args.toolConfirmation },
    });
  }
  return requests;
}

/**
 * The user message that answers a confirmation request: a `FunctionResponse` named
 * `adk_request_confirmation` with the request's id and `{confirmed, payload?}`. Send it as the
 * next `newMessage` of the same session.
 *
 * @example
 * ```ts
 * const [request] = getConfirmationRequests(event);
 * runner.runAsync({ userId, sessionId, newMessage: createConfirmationResponse(request, { confirmed: true }) });
 * ```
 */
export function createConfirmationResponse(
  request: Pick<ConfirmationRequest, 'id'>,
  answer: { confirmed: boolean; payload?: unknown },
): Content {
  return {
    role: 'user',
    parts: [
      {
        functionResponse: {
          id: request.id,
          name: REQUEST_CONFIRMATION_FUNCTION_CALL_NAME,
          response: { confirmed: answer.confirmed, ...(answer.payload !== undefined ? { payload: answer.payload } : {}) },
        },
      },
    ],
  };
}
