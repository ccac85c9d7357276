import type { Content, Part } from '@google/genai';
import type { Event } from '../events/event.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { getFunctionResponses } from '../events/get-function-responses.js';
import { isFinalResponse } from '../events/is-final-response.js';
import type { Invocation } from './eval-set.js';

/**
 * What the agent did with one user turn, as an {@link Invocation} (ADK's `EvaluationGenerator`
 * does the same): the last final response with content is the final response; the tool calls and
 * responses, in order, are the tool uses; other agents' texts on the way are intermediate
 * responses. Partial (streamed) events are left out.
 *
 * @example
 * ```ts
 * actualInvocationOf(userText('Turn off device_2'), events, Date.now() / 1000).intermediateData;
 * // { toolUses: [{ name: 'set_device_info', args: {…} }], toolResponses: [{…}], intermediateResponses: [] }
 * ```
 */
export function actualInvocationOf(userContent: Content, events: readonly Event[], creationTimestamp: number): Invocation {
  const whole = events.filter((event) => !event.partial && event.author !== 'user');
  const finals = whole.filter((event) => isFinalResponse(event) && (event.content?.parts?.length ?? 0) > 0);
  const final = finals[finals.length - 1];
  return {
    invocationId: whole[0]?.invocationId ?? '',
    userContent,
    ...(final?.content ? { finalResponse: final.content } : {}),
    intermediateData: {
      toolUses: whole.flatMap((event) => getFunctionCalls(event).map(({ id: _id, ...call }) => call)),
      toolResponses: whole.flatMap((event) => getFunctionResponses(event)),
      intermediateResponses: whole.filter((event) => event !== final && isFinalResponse(event) && textParts(event).length > 0).map((event): [string, Part[]] => [event.author, textParts(event)]),
    },
    creationTimestamp,
  };
}

function textParts(event: Event): Part[] {
  return (event.content?.parts ?? []).filter((part) => part.text !== undefined && !part.thought);
}
