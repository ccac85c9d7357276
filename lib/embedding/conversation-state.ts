import { EMPTY_TRANSCRIPT, type Transcript } from './transcript.js';

/** How a turn ended. */
export type TurnOutcome = 'done' | 'cancelled' | 'failed';

/** Everything a {@link Conversation} shows: its transcript, whether it is busy, how the last turn ended. */
export interface ConversationState extends Transcript {
  /** A turn is running or queued (or waits for the history to load). */
  readonly busy: boolean;
  /** How the last turn ended; absent before the first one ends. */
  readonly lastTurn?: TurnOutcome;
}

/** A {@link ConversationState} before anything happened: no entries, not busy. */
export const IDLE_CONVERSATION: ConversationState = Object.freeze({ ...EMPTY_TRANSCRIPT, busy: false });
