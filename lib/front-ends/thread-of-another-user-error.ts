import { ClientTurnError } from './client-turn-error.js';

/**
 * The thread (session) id belongs to another user of the app (a 403). The message does not say whose.
 *
 * @example
 * ```ts
 * new ThreadOfAnotherUserError('t1').status; // 403
 * ```
 */
export class ThreadOfAnotherUserError extends ClientTurnError {
  readonly threadId: string;

  constructor(threadId: string) {
    super('THREAD_OF_ANOTHER_USER', `Thread "${threadId}" belongs to another user.`, 403);
    this.threadId = threadId;
  }
}
