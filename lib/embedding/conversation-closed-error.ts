import { RxadkError } from '../utils/errors.js';

/**
 * The error of a {@link Conversation} used after `close()` (code `CONVERSATION_CLOSED`).
 *
 * @example
 * ```ts
 * conversation.close();
 * conversation.send('hi'); // throws ConversationClosedError
 * ```
 */
export class ConversationClosedError extends RxadkError {
  constructor() {
    super('CONVERSATION_CLOSED', 'This Conversation is closed: create a new one to go on with the session.');
  }
}
