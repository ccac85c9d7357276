import { MalformedClientInputError } from '../front-ends/malformed-client-input-error.js';
import type { ClientToolDeclaration } from '../plugins/builtin/client-tools-plugin.js';

/**
 * A part of a `UIMessage` as `useChat` sends it: `text` (`text`), `file` (`url`, `mediaType`), a
 * tool part (`tool-<name>` or `dynamic-tool`, with `toolCallId`, `state`, `input`, and `output` or
 * `errorText` once answered), `step-start`, `data-*`, ...
 *
 * @example
 * ```ts
 * const part: ChatUiPart = { type: 'tool-adk_request_confirmation', toolCallId: 'c1', state: 'output-available', output: { confirmed: true } };
 * ```
 */
export interface ChatUiPart {
  type: string;
  text?: string;
  url?: string;
  mediaType?: string;
  toolCallId?: string;
  state?: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
}

/**
 * A `UIMessage` of the AI SDK, the fields rxadk reads.
 *
 * @example
 * ```ts
 * const message: ChatUiMessage = { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] };
 * ```
 */
export interface ChatUiMessage {
  id: string;
  role: 'system' | 'user' | 'assistant';
  parts: ChatUiPart[];
}

/**
 * The body `useChat`'s `DefaultChatTransport` posts: the chat id (rxadk: the session), the
 * messages, the trigger and the message id; `tools` is rxadk's extension for client-side tools
 * (send it with the transport's `body` option).
 *
 * @example
 * ```ts
 * const request: ChatRequest = { id: 'chat-1', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }], trigger: 'submit-message', tools: [] };
 * ```
 */
export interface ChatRequest {
  id: string;
  messages: ChatUiMessage[];
  trigger: 'submit-message';
  messageId?: string;
  tools: ClientToolDeclaration[];
}

/**
 * Validates `useChat`'s request body; throws {@link MalformedClientInputError} naming every
 * problem. `regenerate-message` is refused: a stored session is not rewound.
 *
 * @example
 * ```ts
 * parseChatRequest({ id: 'c1', messages: [], trigger: 'submit-message' }).id; // 'c1'
 * ```
 */
export function parseChatRequest(body: unknown): ChatRequest {
  if (!isRecord(body)) throw new MalformedClientInputError('useChat request', ['the body must be a JSON object {id, messages, trigger, messageId?}']);
  const { id, messages, trigger, messageId, tools } = body;
  const problems = [
    typeof id === 'string' && id !== '' ? undefined : 'id must be a non-empty string (the chat id)',
    Array.isArray(messages) && messages.every(isMessage) ? undefined : 'messages must be an array of UIMessages {id, role, parts[]}',
    trigger === undefined || trigger === 'submit-message' ? undefined : trigger === 'regenerate-message' ? 'trigger "regenerate-message" is not supported: the session keeps its history (send a new message instead)' : 'trigger must be "submit-message"',
    messageId === undefined || messageId === null || typeof messageId === 'string' ? undefined : 'messageId must be a string',
    tools === undefined || (Array.isArray(tools) && tools.every(isTool)) ? undefined : 'tools must be an array of {name, description, parameters?}',
  ].filter((problem): problem is string => problem !== undefined);
  if (problems.length > 0) throw new MalformedClientInputError('useChat request', problems);
  return {
    id: id as string,
    messages: messages as ChatUiMessage[],
    trigger: 'submit-message',
    ...(typeof messageId === 'string' ? { messageId } : {}),
    tools: (tools ?? []) as ClientToolDeclaration[],
  };
}

function isMessage(value: unknown): value is ChatUiMessage {
  return (
    isRecord(value) &&
    typeof value['id'] === 'string' &&
    (value['role'] === 'user' || value['role'] === 'assistant' || value['role'] === 'system') &&
    Array.isArray(value['parts']) &&
    value['parts'].every((part) => isRecord(part) && typeof part['type'] === 'string')
  );
}

function isTool(value: unknown): boolean {
  return isRecord(value) && typeof value['name'] === 'string' && (value['description'] === undefined || typeof value['description'] === 'string');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
