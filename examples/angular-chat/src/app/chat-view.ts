import type { ConversationState, TranscriptEntry } from 'rxadk';

/** One bubble of the transcript, as the template renders it. */
export interface ChatBubble {
  /** For `@for … track`: the entry's id (a tool result adds `:result`). */
  id: string;
  role: 'user' | 'agent' | 'tool' | 'notice';
  author: string;
  text: string;
  /** True while partial chunks are still arriving. */
  streaming: boolean;
}

/** What the status line says: answering while busy, else how the last turn ended. */
export type ChatStatus = 'idle' | 'answering' | 'done' | 'stopped' | 'failed';

/**
 * The bubbles of a transcript (rxadk's `Conversation` folds the events; this only chooses how
 * each entry looks): a message is a user or agent bubble, a tool call is a `⚙ name(args)` bubble
 * followed by a `↳ name: result` bubble once its result arrived, an error or a cancelled turn is
 * a notice.
 *
 * @example
 * ```ts
 * readonly bubbles = computed(() => toBubbles(this.state().messages));
 * ```
 */
export function toBubbles(entries: readonly TranscriptEntry[]): ChatBubble[] {
  return entries.flatMap((entry): ChatBubble[] => {
    switch (entry.kind) {
      case 'message':
        return entry.role === 'user'
          ? [bubble(entry.id, 'user', 'you', entry.text)]
          : [bubble(entry.id, 'agent', entry.author, entry.text, entry.partial)];
      case 'tool': {
        const call = bubble(entry.id, 'tool', entry.author, `⚙ ${entry.name}(${JSON.stringify(entry.args)})`);
        if (entry.result === undefined) return [call];
        return [call, bubble(`${entry.id}:result`, 'tool', entry.author, `↳ ${entry.name}: ${JSON.stringify(entry.result)}`)];
      }
      case 'error':
        return [bubble(entry.id, 'notice', 'error', entry.message)];
      case 'cancelled':
        return [bubble(entry.id, 'notice', 'rxadk', 'Stopped: the turn was unsubscribed.')];
    }
  });
}

/**
 * The status line of a conversation state.
 *
 * @example
 * ```ts
 * readonly status = computed(() => statusOf(this.state()));
 * ```
 */
export function statusOf(state: ConversationState): ChatStatus {
  if (state.busy) return 'answering';
  switch (state.lastTurn) {
    case 'done':
      return 'done';
    case 'cancelled':
      return 'stopped';
    case 'failed':
      return 'failed';
    default:
      return 'idle';
  }
}

function bubble(id: string, role: ChatBubble['role'], author: string, text: string, streaming = false): ChatBubble {
  return { id, role, author, text, streaming };
}
