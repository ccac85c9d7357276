import type { Content } from '@google/genai';
import { createEvent, type Event } from '../events/event.js';
import type { ConversationAction, ConversationFailure } from './conversation-action.js';
import { type ConversationState, IDLE_CONVERSATION } from './conversation-state.js';
import { settleTranscript, type Transcript, type TranscriptEntry, transcriptReducer } from './transcript.js';

/**
 * What a {@link conversationReducer} folds: the {@link ConversationState} a Conversation shows,
 * and the turn bookkeeping its `busy` and its entry ids derive from.
 */
export interface ConversationModel {
  /** What the Conversation shows (the same object as long as nothing it shows changed). */
  readonly state: ConversationState;
  /** Turns started so far; the entries a turn adds are named after its number (`turn-2-user`). */
  readonly turns: number;
  /** A turn runs: it started and has not ended, failed or been cancelled. */
  readonly running: boolean;
  /** Sends made so far. */
  readonly sent: number;
  /** Sends done with: started, or dropped by a cancel (sends are done with in order). */
  readonly settled: number;
}

/** The model before any action: an idle, empty conversation. */
export const INITIAL_CONVERSATION_MODEL: ConversationModel = Object.freeze({ state: IDLE_CONVERSATION, turns: 0, running: false, sent: 0, settled: 0 });

/**
 * The conversation reducer: a pure function of the model and one action, for `scan`. Per action:
 *
 * - `history`: the stored events are folded into the transcript; `history-failed` adds an error
 *   entry (`history-error`);
 * - `sent`: one more send waits; `started`: its turn runs and its message enters the transcript
 *   (`turn-N-user`); `event`: the turn's event is folded in;
 * - `ended`: open streamed messages settle, `lastTurn: 'done'`; `failed`: they settle, running tool
 *   calls become `cancelled`, an error entry is added (`turn-N-error`), `lastTurn: 'failed'`;
 * - `cancelled`: the waiting sends are dropped and, when a turn ran, it settles as `failed` does
 *   with a `cancelled` entry (`turn-N-cancelled`), `lastTurn: 'cancelled'`;
 * - `closed`: nothing runs or waits any more; the transcript stays as it is.
 *
 * `busy` is then "a turn runs, or a send waits". The model is returned unchanged when the action
 * changes nothing, and its `state` keeps its identity when nothing shown changed.
 *
 * @example
 * ```ts
 * const model = [turnSent(0), turnStarted(0, userMessage('hi'))].reduce(conversationReducer, INITIAL_CONVERSATION_MODEL);
 * model.state.busy; // true
 * model.state.messages; // [{ kind: 'message', id: 'turn-1-user', author: 'user', text: 'hi', … }]
 * ```
 */
export function conversationReducer(model: ConversationModel, action: ConversationAction): ConversationModel {
  return withBusy(apply(model, action));
}

function apply(model: ConversationModel, action: ConversationAction): ConversationModel {
  const { state, turns } = model;
  switch (action.kind) {
    case 'history':
      return withState(model, fold(state, action.events));
    case 'history-failed':
      return withState(model, withError(state, 'history-error', action.failure));
    case 'sent':
      return action.index < model.sent ? model : { ...model, sent: action.index + 1 };
    case 'started':
      return {
        ...model,
        state: fold(state, [userEvent(turns + 1, action.message)]),
        turns: turns + 1,
        running: true,
        sent: Math.max(model.sent, action.index + 1),
        settled: action.index + 1,
      };
    case 'event':
      return withState(model, fold(state, [action.event]));
    case 'ended':
      return { ...model, state: { ...settleTranscript(state, false), lastTurn: 'done' }, running: false };
    case 'failed':
      return { ...model, state: { ...withError(settleTranscript(state), `turn-${turns}-error`, action.failure), lastTurn: 'failed' }, running: false };
    case 'cancelled': {
      const dropped = model.settled === model.sent ? model : { ...model, settled: model.sent };
      if (!model.running) return dropped;
      const settled = settleTranscript(state);
      const entry: TranscriptEntry = { kind: 'cancelled', id: `turn-${turns}-cancelled` };
      return { ...dropped, state: { ...settled, messages: [...settled.messages, entry], lastTurn: 'cancelled' }, running: false };
    }
    case 'closed':
      return !model.running && model.settled === model.sent ? model : { ...model, running: false, settled: model.sent };
  }
}

/** Recomputes `busy`: a turn runs, or a send waits. */
function withBusy(model: ConversationModel): ConversationModel {
  const busy = model.running || model.sent > model.settled;
  return model.state.busy === busy ? model : { ...model, state: { ...model.state, busy } };
}

function withState(model: ConversationModel, state: ConversationState): ConversationModel {
  return state === model.state ? model : { ...model, state };
}

/** Folds events into the state's transcript; the same state when they change nothing. */
function fold(state: ConversationState, events: readonly Event[]): ConversationState {
  let transcript: Transcript = { messages: state.messages, pending: state.pending };
  for (const event of events) transcript = transcriptReducer(transcript, event);
  return transcript.messages === state.messages && transcript.pending === state.pending ? state : { ...state, ...transcript };
}

/** The user's message of turn `n`, as an event for the transcript reducer (it reads no timestamp). */
function userEvent(n: number, message: Content): Event {
  return createEvent({ id: `turn-${n}-user`, author: 'user', content: message, timestamp: 0 });
}

function withError(state: ConversationState, id: string, failure: ConversationFailure): ConversationState {
  const entry: TranscriptEntry = { kind: 'error', id, author: 'rxadk', ...failure };
  return { ...state, messages: [...state.messages, entry] };
}
