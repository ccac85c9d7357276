import type { Content, Part } from '@google/genai';
import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { pairFunctionCallIds } from '../models/pair-function-call-ids.js';

/**
 * A conversation (ADK `Content`s) as Anthropic `messages`:
 *
 * | Content part | block |
 * |---|---|
 * | text | `text` |
 * | thought with a `thoughtSignature` (what Claude's `thinking` blocks become) | `thinking` `{thinking, signature}`, kept in the assistant's history as the API requires when thinking is on |
 * | thought with a signature and no text (a `redacted_thinking` block) | `redacted_thinking` `{data}` |
 * | thought without a signature (another model's) | dropped |
 * | `inlineData` image | `image` (base64 source) |
 * | function call | `tool_use` `{id, name, input}` |
 * | function response | `tool_result` `{tool_use_id, content: JSON}`, first in its user message (parallel results together) |
 *
 * `model` is `assistant`, anything else `user`; consecutive contents of one role are merged into
 * one message (the API wants roles to alternate); contents that keep no block are dropped. Calls and
 * results are paired by id ({@link pairFunctionCallIds}): the model's own `toolu_…` ids are kept.
 *
 * @example
 * ```ts
 * anthropicMessages([{ role: 'user', parts: [{ text: 'Hi' }] }]); // [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]
 * ```
 */
export function anthropicMessages(contents: readonly Content[]): MessageParam[] {
  const messages: Array<{ role: 'user' | 'assistant'; content: ContentBlockParam[] }> = [];
  for (const content of pairFunctionCallIds(contents)) {
    const role = content.role === 'model' ? 'assistant' : 'user';
    const blocks = inApiOrder((content.parts ?? []).flatMap(blockOf));
    if (blocks.length === 0) continue;
    const last = messages.at(-1);
    if (last?.role === role) last.content = inApiOrder([...last.content, ...blocks]);
    else messages.push({ role, content: blocks });
  }
  return messages;
}

function blockOf(part: Part): ContentBlockParam[] {
  if (part.functionCall) {
    return [{ type: 'tool_use', id: part.functionCall.id!, name: part.functionCall.name ?? '', input: part.functionCall.args ?? {} }];
  }
  if (part.functionResponse) {
    return [{ type: 'tool_result', tool_use_id: part.functionResponse.id!, content: JSON.stringify(part.functionResponse.response ?? {}) }];
  }
  if (part.thought) {
    if (!part.thoughtSignature) return [];
    return part.text ? [{ type: 'thinking', thinking: part.text, signature: part.thoughtSignature }] : [{ type: 'redacted_thinking', data: part.thoughtSignature }];
  }
  if (typeof part.text === 'string' && part.text) return [{ type: 'text', text: part.text }];
  const image = part.inlineData;
  if (image?.data && image.mimeType?.startsWith('image/')) {
    return [{ type: 'image', source: { type: 'base64', media_type: image.mimeType as 'image/png', data: image.data } }];
  }
  return [];
}

/** Tool results first (the API wants them at the start of a user message). */
function inApiOrder(blocks: ContentBlockParam[]): ContentBlockParam[] {
  return [...blocks.filter((b) => b.type === 'tool_result'), ...blocks.filter((b) => b.type !== 'tool_result')];
}
