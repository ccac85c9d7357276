import { ClientTurnError } from './client-turn-error.js';

/**
 * The client's message list contradicts the stored session (a 409): a message was edited,
 * removed or made up. The session is the truth; reload the thread from the server.
 *
 * @example
 * ```ts
 * new EditedHistoryError('t1', 'user message 1 reads "Hi", the session has "Hello"').status; // 409
 * ```
 */
export class EditedHistoryError extends ClientTurnError {
  readonly threadId: string;

  constructor(threadId: string, difference: string) {
    super('EDITED_HISTORY', `The messages sent for thread "${threadId}" contradict its stored history: ${difference}. Reload the thread's messages from the server.`, 409);
    this.threadId = threadId;
  }
}
