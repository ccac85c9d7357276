import type { Content } from '@google/genai';

/**
 * What a {@link Conversation}'s public methods put on its command stream: `send` (and `confirm`,
 * which sends a confirmation response), `cancel` and `close`. Plain, frozen data.
 */
export type ConversationCommand =
  | { readonly kind: 'send'; readonly message: Content }
  | { readonly kind: 'cancel' }
  | { readonly kind: 'close' };

/** The command of one user message. */
export type SendCommand = Extract<ConversationCommand, { kind: 'send' }>;

/**
 * The command that queues a turn with `message`.
 *
 * @example
 * ```ts
 * commands.next(sendCommand(userMessage('hello')));
 * ```
 */
export function sendCommand(message: Content): SendCommand {
  return Object.freeze({ kind: 'send', message });
}

/** The command that cancels the running turn and drops the queued ones. */
export const CANCEL_COMMAND: ConversationCommand = Object.freeze({ kind: 'cancel' });

/** The command that ends the conversation. */
export const CLOSE_COMMAND: ConversationCommand = Object.freeze({ kind: 'close' });

/**
 * Narrows a command to a {@link SendCommand} (for `filter`).
 *
 * @example
 * ```ts
 * const sends$ = commands$.pipe(filter(isSendCommand));
 * ```
 */
export function isSendCommand(command: ConversationCommand): command is SendCommand {
  return command.kind === 'send';
}
