import type { FunctionResponse } from '@google/genai';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { findFunctionResponse } from '../events/find-function-response.js';
import { SET_MODEL_RESPONSE_FUNCTION_NAME } from '../events/framework-function-names.js';

/**
 * The agent's final answer when `responseEvent` answered a successful `set_model_response` call
 * (see `SetModelResponseTool`): a model event whose text is the structured answer as JSON, like a
 * model that answered with JSON directly; `undefined` otherwise (no such call, or the call was
 * answered with an `{error}`, so the model is asked again).
 *
 * @example
 * ```ts
 * structuredAnswerEvent(ctx, responseEvent)?.content; // { role: 'model', parts: [{ text: '{"city":"Paris"}' }] }
 * ```
 */
export function structuredAnswerEvent(ctx: InvocationContext, responseEvent: Event): Event | undefined {
  const answer = structuredAnswerOf(responseEvent);
  if (!answer) return undefined;
  return ctx.createEvent({ content: { role: 'model', parts: [{ text: JSON.stringify(answer.response!['result']) }] } });
}

/**
 * True when `responseEvent` answered a successful `set_model_response` call, i.e. when
 * {@link structuredAnswerEvent} has an answer for it (without creating the event).
 *
 * @example
 * ```ts
 * hasStructuredAnswer(weatherResponseEvent); // false: an ordinary tool answered
 * ```
 */
export function hasStructuredAnswer(responseEvent: Event): boolean {
  return structuredAnswerOf(responseEvent) !== undefined;
}

function structuredAnswerOf(responseEvent: Event): FunctionResponse | undefined {
  // asked of every function-response event: the parts are read in place, no array of responses built
  return findFunctionResponse(responseEvent, isSuccessfulStructuredAnswer);
}

/** A `set_model_response` call's response with a `result` (not an `{error}`). */
function isSuccessfulStructuredAnswer(response: FunctionResponse): boolean {
  return response.name === SET_MODEL_RESPONSE_FUNCTION_NAME && !!response.response && Object.hasOwn(response.response, 'result');
}
