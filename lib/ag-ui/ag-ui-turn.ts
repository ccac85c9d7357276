import type { Part } from '@google/genai';
import type { Message, RunAgentInput, Tool } from '@ag-ui/core';
import type { Event } from '../events/event.js';
import { EditedHistoryError } from '../front-ends/edited-history-error.js';
import { MalformedClientInputError } from '../front-ends/malformed-client-input-error.js';
import { NothingToRunError } from '../front-ends/nothing-to-run-error.js';
import { checkUserHistory, storedUserTexts } from '../front-ends/stored-user-texts.js';
import { threadCalls } from '../front-ends/thread-calls.js';
import type { ThreadTurn } from '../front-ends/thread-turn.js';
import { toolAnswerPart } from '../front-ends/tool-answer-part.js';
import { UnknownToolCallError } from '../front-ends/unknown-tool-call-error.js';
import { type ClientToolDeclaration, clientTool, ClientToolError } from '../plugins/builtin/client-tools-plugin.js';
import type { Session } from '../sessions/session.js';

/**
 * The turn an AG-UI `RunAgentInput` asks for, checked against the stored session (the session
 * is the truth; the client's messages are never trusted over it):
 * - the new message is the last message when it is the user's, plus the results of the calls
 *   the thread waits on (`role: 'tool'` messages with the call's id: a client tool's result, or a
 *   confirmation's `{"confirmed": true}`);
 * - earlier user messages are none, or exactly the stored ones ({@link EditedHistoryError});
 * - every assistant message is a stored event, its text unchanged ({@link EditedHistoryError});
 * - every tool message answers a call the thread made ({@link UnknownToolCallError});
 * - something is new ({@link NothingToRunError}); the client's tools are usable
 *   (`MalformedClientInputError`).
 *
 * `input.state` is not applied: the state is the session's (sent back as `STATE_SNAPSHOT`).
 *
 * @example
 * ```ts
 * const turn = agUiTurn('user', session, { threadId: 't1', runId: 'r1', messages: [{ id: 'm1', role: 'user', content: 'Hi' }], tools: [], context: [] });
 * turn.newMessage; // { role: 'user', parts: [{ text: 'Hi' }] }
 * ```
 */
export function agUiTurn(userId: string, session: Session | undefined, input: RunAgentInput): ThreadTurn {
  const events = session?.events ?? [];
  const messages = input.messages;
  checkAssistantMessages(input.threadId, messages, events);
  const answers = toolAnswers(input.threadId, messages, events);
  const last = messages.at(-1);
  const fresh = last?.role === 'user' ? last : undefined;
  const earlierUsers = messages.flatMap((message) => (message.role === 'user' && message !== fresh ? [textOfContent(message.content)] : []));
  checkUserHistory(input.threadId, earlierUsers, storedUserTexts(events));
  const parts = [...answers, ...(fresh ? userParts(fresh.content) : [])];
  if (parts.length === 0) throw new NothingToRunError(input.threadId);
  return { userId, threadId: input.threadId, newMessage: { role: 'user', parts }, clientTools: clientTools(input.tools) };
}

function checkAssistantMessages(threadId: string, messages: readonly Message[], events: readonly Event[]): void {
  const stored = new Map(events.filter((event) => event.author !== 'user' && !event.partial).map((event) => [event.id, textOfParts(event.content?.parts ?? [])]));
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    if (!stored.has(message.id)) throw new EditedHistoryError(threadId, `assistant message "${message.id}" is not in the session`);
    if (message.content && message.content !== stored.get(message.id)) throw new EditedHistoryError(threadId, `assistant message "${message.id}" was edited`);
  }
}

/** The function responses for the open calls the tool messages answer (answered ones are history). */
function toolAnswers(threadId: string, messages: readonly Message[], events: readonly Event[]): Part[] {
  const calls = threadCalls(events);
  return messages.flatMap((message) => {
    if (message.role !== 'tool') return [];
    const name = calls.made.get(message.toolCallId);
    if (name === undefined) throw new UnknownToolCallError(threadId, message.toolCallId);
    if (calls.answered.has(message.toolCallId)) return [];
    return [toolAnswerPart({ id: message.toolCallId, name }, message.error !== undefined ? { error: message.error } : message.content)];
  });
}

function clientTools(tools: readonly Tool[]): ClientToolDeclaration[] {
  return tools.map((tool) => {
    const declaration: ClientToolDeclaration = { name: tool.name, description: tool.description, ...(tool.parameters ? { parameters: tool.parameters as Record<string, unknown> } : {}) };
    try {
      clientTool(declaration);
    } catch (error) {
      if (error instanceof ClientToolError) throw new MalformedClientInputError('AG-UI RunAgentInput', [error.message]);
      throw error;
    }
    return declaration;
  });
}

type UserContent = Extract<Message, { role: 'user' }>['content'];

function textOfContent(content: UserContent): string {
  return typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function textOfParts(parts: readonly Part[]): string {
  return parts.filter((part) => typeof part.text === 'string' && !part.thought).map((part) => part.text).join('');
}

/** A user message as Gemini parts: text, and media given inline (base64) or by URL. */
function userParts(content: UserContent): Part[] {
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  return content.flatMap((part): Part[] => {
    if (part.type === 'text') return part.text ? [{ text: part.text }] : [];
    const source = part.source;
    if (source.type === 'data') return [{ inlineData: { data: source.value, mimeType: source.mimeType } }];
    if (source.type === 'url') return [{ fileData: { fileUri: source.value, ...(source.mimeType ? { mimeType: source.mimeType } : {}) } }];
    return [];
  });
}
