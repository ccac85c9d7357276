import { ClientTurnError } from './client-turn-error.js';

/**
 * The request carries neither a new user message nor a result for an open tool call (a 400).
 *
 * @example
 * ```ts
 * new NothingToRunError('t1').message;
 * ```
 */
export class NothingToRunError extends ClientTurnError {
  constructor(threadId: string) {
    super('NOTHING_TO_RUN', `Nothing to run on thread "${threadId}": send a new user message, or the result of a tool call the thread waits on.`, 400);
  }
}
