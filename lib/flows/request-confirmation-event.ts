import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { CLIENT_FUNCTION_CALL_ID_PREFIX, REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import { getFunctionCalls } from '../events/get-function-calls.js';

/**
 * The event that asks the client to confirm tool calls (SPEC §10): one `adk_request_confirmation`
 * function call per call that requested confirmation, each with a fresh id (also listed in
 * `longRunningToolIds`) and args `{originalFunctionCall, toolConfirmation}`. `undefined` when no
 * call asked.
 *
 * @example
 * ```ts
 * const ask = requestConfirmationEvent(ctx, modelEvent, responseEvent); // emitted just before responseEvent
 * ```
 */
export function requestConfirmationEvent(ctx: InvocationContext, modelEvent: Event, responseEvent: Event): Event | undefined {
  const requested = responseEvent.actions.requestedToolConfirmations;
  // nearly every response: no confirmation asked, nothing to look up
  if (Object.keys(requested).length === 0) return undefined;
  const calls = getFunctionCalls(modelEvent);
  const parts = Object.entries(requested).flatMap(([callId, toolConfirmation]) => {
    const original = calls.find((c) => c.id === callId);
    if (!original) return [];
    const id = `${CLIENT_FUNCTION_CALL_ID_PREFIX}${ctx.idGenerator()}`;
    const args = structuredClone({ originalFunctionCall: original, toolConfirmation });
    return [{ functionCall: { id, name: REQUEST_CONFIRMATION_FUNCTION_CALL_NAME, args } }];
  });
  if (parts.length === 0) return undefined;
  return ctx.createEvent({
    content: { role: responseEvent.content?.role ?? 'user', parts },
    longRunningToolIds: parts.map((p) => p.functionCall.id),
  });
}
