import { ClientTurnError } from './client-turn-error.js';

/**
 * A tool result answers a call the thread never made (a 400).
 *
 * @example
 * ```ts
 * new UnknownToolCallError('t1', 'call-9').message; // 'A tool result answers "call-9", a call thread "t1" never made.'
 * ```
 */
export class UnknownToolCallError extends ClientTurnError {
  readonly toolCallId: string;

  constructor(threadId: string, toolCallId: string) {
    super('UNKNOWN_TOOL_CALL', `A tool result answers "${toolCallId}", a call thread "${threadId}" never made.`, 400);
    this.toolCallId = toolCallId;
  }
}
