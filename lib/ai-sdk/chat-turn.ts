import type { Part } from '@google/genai';
import type { Event } from '../events/event.js';
import { MalformedClientInputError } from '../front-ends/malformed-client-input-error.js';
import { NothingToRunError } from '../front-ends/nothing-to-run-error.js';
import { checkUserHistory, storedUserTexts } from '../front-ends/stored-user-texts.js';
import { threadCalls } from '../front-ends/thread-calls.js';
import type { ThreadTurn } from '../front-ends/thread-turn.js';
import { toolAnswerPart } from '../front-ends/tool-answer-part.js';
import { UnknownToolCallError } from '../front-ends/unknown-tool-call-error.js';
import { clientTool, ClientToolError } from '../plugins/builtin/client-tools-plugin.js';
import type { Session } from '../sessions/session.js';
import type { ChatRequest, ChatUiMessage, ChatUiPart } from './chat-request.js';

/**
 * The turn a `useChat` request asks for, checked against the stored session (the chat id is the
 * session; the session is the truth):
 * - only the newest message is taken when it is the user's; the history comes from the session;
 * - tool parts with an output (`addToolResult`: a client tool's result, a confirmation's
 *   `{confirmed}`) answer the calls the session waits on; a part answering a call the session
 *   never made is an `UnknownToolCallError`;
 * - earlier user messages are none, or exactly the stored ones (`EditedHistoryError`);
 * - something is new (`NothingToRunError`).
 *
 * @example
 * ```ts
 * chatTurn('user', undefined, parseChatRequest(body)).newMessage; // { role: 'user', parts: [{ text: 'Hi' }] }
 * ```
 */
export function chatTurn(userId: string, session: Session | undefined, request: ChatRequest): ThreadTurn {
  const events = session?.events ?? [];
  const last = request.messages.at(-1);
  const fresh = last?.role === 'user' ? last : undefined;
  const earlier = request.messages.filter((message) => message.role === 'user' && message !== fresh).map((message) => textOf(message.parts));
  checkUserHistory(request.id, earlier, storedUserTexts(events));
  const parts = [...toolOutputs(request.id, request.messages, events), ...(fresh ? userParts(fresh) : [])];
  if (parts.length === 0) throw new NothingToRunError(request.id);
  request.tools.forEach(checkTool);
  return { userId, threadId: request.id, newMessage: { role: 'user', parts }, clientTools: request.tools };
}

function toolOutputs(chatId: string, messages: readonly ChatUiMessage[], events: readonly Event[]): Part[] {
  const calls = threadCalls(events);
  return messages.flatMap((message) =>
    message.role !== 'assistant'
      ? []
      : message.parts.filter(isAnswered).flatMap((part) => {
          const id = part.toolCallId!;
          const name = calls.made.get(id);
          if (name === undefined) throw new UnknownToolCallError(chatId, id);
          if (calls.answered.has(id)) return [];
          return [toolAnswerPart({ id, name }, part.state === 'output-error' ? { error: part.errorText ?? 'The tool failed.' } : part.output)];
        }),
  );
}

function isAnswered(part: ChatUiPart): boolean {
  return (part.type.startsWith('tool-') || part.type === 'dynamic-tool') && typeof part.toolCallId === 'string' && (part.state === 'output-available' || part.state === 'output-error');
}

function textOf(parts: readonly ChatUiPart[]): string {
  return parts.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
}

/** The user's message as Gemini parts: its text, and files given as data URLs (inline) or URLs. */
function userParts(message: ChatUiMessage): Part[] {
  return message.parts.flatMap((part): Part[] => {
    if (part.type === 'text') return part.text ? [{ text: part.text }] : [];
    if (part.type !== 'file' || !part.url) return [];
    const inline = /^data:([^;,]+);base64,(.*)$/s.exec(part.url);
    if (inline) return [{ inlineData: { mimeType: inline[1]!, data: inline[2]! } }];
    return [{ fileData: { fileUri: part.url, ...(part.mediaType ? { mimeType: part.mediaType } : {}) } }];
  });
}

function checkTool(tool: ChatRequest['tools'][number]): void {
  try {
    clientTool(tool);
  } catch (error) {
    if (error instanceof ClientToolError) throw new MalformedClientInputError('useChat request', [error.message]);
    throw error;
  }
}
