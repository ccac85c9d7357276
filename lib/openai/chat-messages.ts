import type { Content, Part } from '@google/genai';
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import { pairFunctionCallIds } from '../models/pair-function-call-ids.js';

/**
 * A conversation (ADK `Content`s) as Chat Completions messages, the system instruction first:
 *
 * | Content | message(s) |
 * |---|---|
 * | `user` text and `inlineData` images | one `user` message (a string for one text part, else content parts; images as `image_url` data URLs) |
 * | `user` function responses | one `tool` message each (`tool_call_id`, `content` = the response as JSON), before the user's other parts |
 * | `model` text and function calls | one `assistant` message (`content`, `tool_calls` with the call ids and JSON `arguments`) |
 * | thought parts, empty parts, other part kinds (files, code execution) | dropped |
 *
 * Calls and responses are paired by id ({@link pairFunctionCallIds}): the model's own ids are kept.
 *
 * @example
 * ```ts
 * chatMessages('Be brief.', [{ role: 'user', parts: [{ text: 'Hi' }] }]);
 * // [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }]
 * ```
 */
export function chatMessages(systemInstruction: string, contents: readonly Content[]): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = systemInstruction ? [{ role: 'system', content: systemInstruction }] : [];
  for (const content of pairFunctionCallIds(contents)) {
    const parts = content.parts ?? [];
    if (content.role === 'model') {
      const assistant = assistantMessage(parts);
      if (assistant) messages.push(assistant);
    } else {
      messages.push(...parts.flatMap(toolMessage));
      const user = userContent(parts);
      if (user.length) messages.push({ role: 'user', content: user.length === 1 && user[0]!.type === 'text' ? user[0]!.text : user });
    }
  }
  return messages;
}

function assistantMessage(parts: readonly Part[]): ChatCompletionAssistantMessageParam | undefined {
  const text = parts
    .filter((p) => typeof p.text === 'string' && !p.thought)
    .map((p) => p.text)
    .join('');
  const toolCalls = parts.flatMap((p) =>
    p.functionCall
      ? [{ id: p.functionCall.id!, type: 'function' as const, function: { name: p.functionCall.name ?? '', arguments: JSON.stringify(p.functionCall.args ?? {}) } }]
      : [],
  );
  if (!text && toolCalls.length === 0) return undefined;
  return { role: 'assistant', content: text || null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
}

function toolMessage(part: Part): ChatCompletionToolMessageParam[] {
  const response = part.functionResponse;
  return response ? [{ role: 'tool', tool_call_id: response.id!, content: JSON.stringify(response.response ?? {}) }] : [];
}

function userContent(parts: readonly Part[]): Array<ChatCompletionContentPart & { text?: string }> {
  return parts.flatMap((part): Array<ChatCompletionContentPart & { text?: string }> => {
    if (typeof part.text === 'string' && part.text && !part.thought) return [{ type: 'text', text: part.text }];
    if (part.inlineData?.data && part.inlineData.mimeType?.startsWith('image/')) {
      return [{ type: 'image_url', image_url: { url: `data:${part.inlineData.mimeType};base64,${part.inlineData.data}` } }];
    }
    return [];
  });
}
