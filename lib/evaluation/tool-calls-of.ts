import type { FunctionCall } from '@google/genai';
import type { Invocation } from './eval-set.js';

/**
 * The tool calls of an invocation, from either form of intermediate data (`toolUses`, or the
 * function calls in `invocationEvents`), in order.
 *
 * @example
 * ```ts
 * toolCallsOf({ invocationId: '', userContent: userText('hi'), creationTimestamp: 0,
 *   intermediateData: { invocationEvents: [{ author: 'a', content: { parts: [{ functionCall: { name: 'f', args: {} } }] } }] } });
 * // [{ name: 'f', args: {} }]
 * ```
 */
export function toolCallsOf(invocation: Invocation): FunctionCall[] {
  const data = invocation.intermediateData;
  if (!data) return [];
  if ('invocationEvents' in data) return data.invocationEvents.flatMap((event) => (event.content?.parts ?? []).flatMap((part) => (part.functionCall ? [part.functionCall] : [])));
  return data.toolUses;
}
