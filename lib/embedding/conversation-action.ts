import type { Content } from '@google/genai';
import type { Event } from '../events/event.js';

/** An error as a conversation shows it: its message, and its code when it has one. */
export interface ConversationFailure {
  readonly code?: string;
  readonly message: string;
}

/**
 * What happened to a {@link Conversation}, as `conversationReducer` folds it. Plain, frozen data;
 * `index` numbers the sends, from 0, in the order they were made.
 *
 * | action | when |
 * | --- | --- |
 * | `history` / `history-failed` | the session's stored events were read (or could not be) |
 * | `sent` | a send was made (it may have to wait) |
 * | `started` | a send's turn starts: its message enters the transcript |
 * | `event` | the running turn emitted an event |
 * | `ended` / `failed` | the running turn completed / errored |
 * | `cancelled` | `cancel()`: the running turn was unsubscribed, the queued ones dropped |
 * | `closed` | `close()`: everything was unsubscribed |
 */
export type ConversationAction =
  | { readonly kind: 'history'; readonly events: readonly Event[] }
  | { readonly kind: 'history-failed'; readonly failure: ConversationFailure }
  | { readonly kind: 'sent'; readonly index: number }
  | { readonly kind: 'started'; readonly index: number; readonly message: Content }
  | { readonly kind: 'event'; readonly event: Event }
  | { readonly kind: 'ended' }
  | { readonly kind: 'failed'; readonly failure: ConversationFailure }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'closed' };

/**
 * An error as plain data: its message (`String(error)` for a non-Error) and its `code` when that is a non-empty string.
 *
 * @example
 * ```ts
 * toConversationFailure(new ConversationClosedError()); // { code: 'CONVERSATION_CLOSED', message: 'This Conversation is closed: …' }
 * ```
 */
export function toConversationFailure(error: unknown): ConversationFailure {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return Object.freeze(typeof code === 'string' && code !== '' ? { code, message } : { message });
}

/**
 * The session's stored events were read.
 *
 * @example
 * ```ts
 * historyLoaded(session.events);
 * ```
 */
export function historyLoaded(events: readonly Event[]): ConversationAction {
  return Object.freeze({ kind: 'history', events });
}

/**
 * The session's stored events could not be read.
 *
 * @example
 * ```ts
 * historyFailed(new Error('store offline'));
 * ```
 */
export function historyFailed(error: unknown): ConversationAction {
  return Object.freeze({ kind: 'history-failed', failure: toConversationFailure(error) });
}

/**
 * Send number `index` was made.
 *
 * @example
 * ```ts
 * turnSent(0);
 * ```
 */
export function turnSent(index: number): ConversationAction {
  return Object.freeze({ kind: 'sent', index });
}

/**
 * The turn of send number `index` starts, with its user message.
 *
 * @example
 * ```ts
 * turnStarted(0, userMessage('hi'));
 * ```
 */
export function turnStarted(index: number, message: Content): ConversationAction {
  return Object.freeze({ kind: 'started', index, message });
}

/**
 * The running turn emitted `event`.
 *
 * @example
 * ```ts
 * runner.runAsync(request).pipe(map(turnEvent));
 * ```
 */
export function turnEvent(event: Event): ConversationAction {
  return Object.freeze({ kind: 'event', event });
}

/**
 * The running turn errored.
 *
 * @example
 * ```ts
 * catchError((error) => of(turnFailed(error)));
 * ```
 */
export function turnFailed(error: unknown): ConversationAction {
  return Object.freeze({ kind: 'failed', failure: toConversationFailure(error) });
}

/** The running turn completed. */
export const TURN_ENDED: ConversationAction = Object.freeze({ kind: 'ended' });

/** `cancel()` was called. */
export const CANCELLED: ConversationAction = Object.freeze({ kind: 'cancelled' });

/** `close()` was called. */
export const CLOSED: ConversationAction = Object.freeze({ kind: 'closed' });
