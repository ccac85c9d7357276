import type { Content, Part } from '@google/genai';
import { withId } from '../utils/with-id.js';

/**
 * Gives every function call in a conversation an id, and every function response the id of the
 * call it answers, for providers whose wire format pairs tool calls and tool results by id
 * (OpenAI's `tool_call_id`, Anthropic's `tool_use_id`).
 *
 * The model's own ids are kept. Ids are missing where the framework generated them (`adk-…` ids
 * are never sent to a model) or where the model sent none; such a call gets `call_<n>` (`n`
 * counts the calls of the whole conversation, so the same history always gets the same ids), and
 * a response without an id takes the id of the earliest unanswered call of the same name before it.
 * A response that answers no call keeps its place and gets a fresh id. The input is not changed.
 *
 * ```
 * model: call get_weather(Paris), call get_weather(Rome)        (no ids)
 * user:  response get_weather, response get_weather              (no ids)
 *   ->   call_0, call_1 / call_0, call_1
 * ```
 *
 * @example
 * ```ts
 * pairFunctionCallIds([
 *   { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
 *   { role: 'user', parts: [{ functionResponse: { name: 'f', response: { ok: true } } }] },
 * ]);
 * // the call and the response both get id 'call_0'
 * ```
 */
export function pairFunctionCallIds(contents: readonly Content[]): Content[] {
  let counter = 0;
  const unanswered: Array<{ id: string; name: string }> = [];
  const fresh = (): string => `call_${counter++}`;

  const withIds = (part: Part): Part => {
    const call = part.functionCall;
    if (call) {
      const id = call.id || fresh();
      unanswered.push({ id, name: call.name ?? '' });
      return call.id ? part : { ...part, functionCall: withId(call, id) };
    }
    const response = part.functionResponse;
    if (response) {
      const index = response.id
        ? unanswered.findIndex((u) => u.id === response.id)
        : unanswered.findIndex((u) => u.name === (response.name ?? ''));
      const id = response.id || (index >= 0 ? unanswered[index]!.id : fresh());
      if (index >= 0) unanswered.splice(index, 1);
      return response.id ? part : { ...part, functionResponse: withId(response, id) };
    }
    return part;
  };

  return contents.map((content) =>
    content.parts?.some((p) => p.functionCall || p.functionResponse) ? { ...content, parts: content.parts.map(withIds) } : content,
  );
}
