import type { Event } from '../events/event.js';
import { EditedHistoryError } from './edited-history-error.js';

/**
 * The texts of the user's stored messages, in order (function responses are not messages).
 *
 * @example
 * ```ts
 * storedUserTexts(session.events); // ['Hi', 'What is the weather in Paris?']
 * ```
 */
export function storedUserTexts(events: readonly Event[]): string[] {
  return events
    .filter((event) => event.author === 'user' && !event.partial && (event.content?.parts ?? []).some((part) => typeof part.text === 'string'))
    .map((event) => (event.content?.parts ?? []).map((part) => part.text ?? '').join(''));
}

/**
 * Checks the client's earlier user messages against the stored ones: the client may send none
 * (the history then comes from the session) or all of them, unchanged. Anything else throws
 * {@link EditedHistoryError} naming the first difference.
 *
 * @example
 * ```ts
 * checkUserHistory('t1', ['Hi'], storedUserTexts(session.events)); // ok when the session's only user text is "Hi"
 * ```
 */
export function checkUserHistory(threadId: string, sent: readonly string[], stored: readonly string[]): void {
  if (sent.length === 0) return;
  const index = sent.findIndex((text, i) => text !== stored[i]);
  if (index >= 0) {
    const difference = index < stored.length ? `user message ${index + 1} reads ${JSON.stringify(sent[index])}, the session has ${JSON.stringify(stored[index])}` : `user message ${index + 1} (${JSON.stringify(sent[index])}) is not in the session`;
    throw new EditedHistoryError(threadId, difference);
  }
  if (sent.length < stored.length) throw new EditedHistoryError(threadId, `${stored.length - sent.length} of the session's user messages are missing`);
}
