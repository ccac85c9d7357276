import { type Event, getFunctionCalls, getFunctionResponses } from 'rxadk';

/** One bubble of the transcript. */
export interface ChatMessage {
  role: 'user' | 'agent' | 'tool' | 'notice';
  author: string;
  text: string;
  /** True while partial chunks are still arriving. */
  streaming: boolean;
}

/** What the template renders. */
export interface ChatView {
  messages: readonly ChatMessage[];
  /** A turn is running (the Cancel button is shown). */
  running: boolean;
  /** How the last turn ended. */
  status: 'idle' | 'answering' | 'done' | 'stopped' | 'failed';
}

/** What happens during a turn, in order: the user's text, the runner's events, then one end. */
export type ChatAction =
  | { kind: 'sent'; text: string }
  | { kind: 'event'; event: Event }
  | { kind: 'done' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

/** The view before the first message. */
export const EMPTY_CHAT: ChatView = { messages: [], running: false, status: 'idle' };

/**
 * The transcript reducer (for `scan`): user messages, streamed agent text (partial chunks grow
 * one bubble; the final event replaces it), tool calls and results, and how each turn ended.
 *
 * @example
 * ```ts
 * actions$.pipe(scan(reduceChat, EMPTY_CHAT));
 * ```
 */
export function reduceChat(view: ChatView, action: ChatAction): ChatView {
  switch (action.kind) {
    case 'sent':
      return { messages: [...view.messages, message('user', 'you', action.text)], running: true, status: 'answering' };
    case 'event':
      return { ...view, messages: applyEvent(view.messages, action.event) };
    case 'done':
      return { messages: settle(view.messages), running: false, status: 'done' };
    case 'cancelled':
      return { messages: [...settle(view.messages), message('notice', 'rxadk', 'Stopped: the turn was unsubscribed.')], running: false, status: 'stopped' };
    case 'failed':
      return { messages: [...settle(view.messages), message('notice', 'error', action.message)], running: false, status: 'failed' };
  }
}

function applyEvent(messages: readonly ChatMessage[], event: Event): readonly ChatMessage[] {
  const text = (event.content?.parts ?? []).map((part) => (part.thought ? '' : (part.text ?? ''))).join('');
  let next = text ? withText(messages, event.author, text, event.partial === true) : messages;
  if (event.partial) return next;
  for (const call of getFunctionCalls(event)) next = [...next, message('tool', event.author, `⚙ ${call.name}(${JSON.stringify(call.args ?? {})})`)];
  for (const response of getFunctionResponses(event)) {
    next = [...next, message('tool', event.author, `↳ ${response.name}: ${JSON.stringify(response.response ?? {})}`)];
  }
  if (event.errorMessage) next = [...next, message('notice', 'error', event.errorMessage)];
  return next;
}

/** A partial chunk grows the streaming bubble; the final text replaces it. */
function withText(messages: readonly ChatMessage[], author: string, text: string, partial: boolean): readonly ChatMessage[] {
  const last = messages.at(-1);
  const open = last?.role === 'agent' && last.author === author && last.streaming ? last : undefined;
  const updated = message('agent', author, partial ? `${open?.text ?? ''}${text}` : text, partial);
  return open ? [...messages.slice(0, -1), updated] : [...messages, updated];
}

function settle(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  return messages.map((m) => (m.streaming ? { ...m, streaming: false } : m));
}

function message(role: ChatMessage['role'], author: string, text: string, streaming = false): ChatMessage {
  return { role, author, text, streaming };
}
