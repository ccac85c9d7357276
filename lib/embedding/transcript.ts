import type { FunctionCall, FunctionResponse } from '@google/genai';
import { getConfirmationRequests, type ConfirmationRequest } from '../events/confirmation-requests.js';
import type { Event } from '../events/event.js';
import { REQUEST_CONFIRMATION_FUNCTION_CALL_NAME } from '../events/framework-function-names.js';
import { getFunctionCalls } from '../events/get-function-calls.js';
import { getFunctionResponses } from '../events/get-function-responses.js';

/** A text message of the transcript: a user's message, or an agent's answer (streamed or not). */
export interface TranscriptMessage {
  readonly kind: 'message';
  /** The id of the event that opened it (a streamed answer keeps its first chunk's id). */
  readonly id: string;
  /** `'user'`, or the agent that wrote it. */
  readonly author: string;
  readonly role: 'user' | 'model';
  readonly text: string;
  /** True while partial chunks are still arriving; the final event's text then replaces them. */
  readonly partial: boolean;
  readonly invocationId: string;
}

/** A tool call, paired with its result by function-call id. */
export interface TranscriptToolCall {
  readonly kind: 'tool';
  /** The function call's id. */
  readonly id: string;
  /** The agent that called it. */
  readonly author: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  /**
   * `running` until its result arrives (`done`); `awaiting-confirmation` when the tool asked a
   * human first (see {@link Transcript.pending}); `cancelled` when its turn was cancelled (the
   * next turn answers it with an "interrupted" error, which makes it `done`).
   */
  readonly status: 'running' | 'done' | 'awaiting-confirmation' | 'cancelled';
  /** The tool's response, once it arrived. */
  readonly result?: Readonly<Record<string, unknown>>;
}

/** An error: an error event of the run (`errorCode`/`errorMessage`), or a turn that failed. */
export interface TranscriptError {
  readonly kind: 'error';
  readonly id: string;
  /** The agent whose event carried it, or `'rxadk'` for a turn that failed. */
  readonly author: string;
  readonly code?: string;
  readonly message: string;
}

/** A turn the user cancelled (see `Conversation.cancel()`). */
export interface TranscriptCancelled {
  readonly kind: 'cancelled';
  readonly id: string;
}

/** One entry of a {@link Transcript}, in conversation order. */
export type TranscriptEntry = TranscriptMessage | TranscriptToolCall | TranscriptError | TranscriptCancelled;

/**
 * What a stream of events folds into (see {@link transcriptReducer} and `toTranscript()`):
 * the entries to render and the confirmation requests waiting for an answer. Plain data; a new
 * object (sharing unchanged entries) after every event, never mutated once emitted.
 */
export interface Transcript {
  readonly messages: readonly TranscriptEntry[];
  /** `adk_request_confirmation` requests not answered yet; answer with `createConfirmationResponse`. */
  readonly pending: readonly ConfirmationRequest[];
}

/** The transcript before any event. */
export const EMPTY_TRANSCRIPT: Transcript = Object.freeze({ messages: Object.freeze([]), pending: Object.freeze([]) });

/**
 * The transcript reducer: a pure function of the transcript and one event, for `scan` (as an
 * ngrx reducer). Per event:
 *
 * - its text (thoughts left out): a partial event grows the open message of its author and
 *   invocation; the final event's text replaces it (or opens a new message);
 * - each function call of a final event adds a `tool` entry; each function response completes
 *   the entry with its id (whichever turn it arrives in);
 * - `adk_request_confirmation` calls become {@link Transcript.pending} instead of entries, and
 *   leave it when a response with their id arrives (the user's answer, or the next turn's
 *   "interrupted" answer);
 * - `errorMessage`/`errorCode` adds an `error` entry.
 *
 * @example
 * ```ts
 * const transcript = events.reduce(transcriptReducer, EMPTY_TRANSCRIPT);
 * transcript.messages.filter((m) => m.kind === 'message').map((m) => m.text);
 * ```
 */
export function transcriptReducer(state: Transcript, event: Event): Transcript {
  let messages = withText(state.messages, event);
  let pending = state.pending;
  if (!event.partial) {
    for (const call of getFunctionCalls(event)) {
      if (call.name !== REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) messages = [...messages, toolCall(event, call, messages.length)];
    }
    const requests = getConfirmationRequests(event).filter((request) => !pending.some((known) => known.id === request.id));
    if (requests.length) pending = [...pending, ...requests];
    for (const response of getFunctionResponses(event)) {
      if (response.name === REQUEST_CONFIRMATION_FUNCTION_CALL_NAME) {
        if (pending.some((request) => request.id === response.id)) pending = pending.filter((request) => request.id !== response.id);
      } else {
        messages = withResult(messages, event, response);
      }
    }
  }
  if (event.errorMessage || event.errorCode) {
    const error: TranscriptError = {
      kind: 'error',
      id: event.id,
      author: event.author,
      ...(event.errorCode ? { code: event.errorCode } : {}),
      message: event.errorMessage ?? event.errorCode ?? '',
    };
    messages = [...messages, error];
  }
  return messages === state.messages && pending === state.pending ? state : { messages, pending };
}

/**
 * Settles the transcript at the end of a turn: open streamed messages stop being partial and,
 * when the turn did not finish (`cancelTools`, the default), running tool calls become
 * `cancelled`. A turn that completes leaves its open calls running (a long-running tool's call
 * stays open until its answer is sent).
 *
 * @example
 * ```ts
 * const after = settleTranscript(transcript); // what a Cancel leaves
 * ```
 */
export function settleTranscript<T extends Transcript>(state: T, cancelTools = true): T {
  const open = (entry: TranscriptEntry) => (entry.kind === 'message' && entry.partial) || (cancelTools && entry.kind === 'tool' && entry.status === 'running');
  if (!state.messages.some(open)) return state;
  const messages = state.messages.map((entry): TranscriptEntry => {
    if (!open(entry)) return entry;
    return entry.kind === 'message' ? { ...entry, partial: false } : { ...(entry as TranscriptToolCall), status: 'cancelled' };
  });
  return { ...state, messages };
}

function textOf(event: Event): string {
  return (event.content?.parts ?? []).map((part) => (part.thought ? '' : (part.text ?? ''))).join('');
}

function withText(messages: readonly TranscriptEntry[], event: Event): readonly TranscriptEntry[] {
  const text = textOf(event);
  const index = findLastIndex(
    messages,
    (entry) => entry.kind === 'message' && entry.partial && entry.author === event.author && entry.invocationId === event.invocationId,
  );
  const open = index >= 0 ? (messages[index] as TranscriptMessage) : undefined;
  if (!text) {
    // a final content event without text (say, only a function call) settles what was streamed
    return open && !event.partial && event.content ? replaceAt(messages, index, { ...open, partial: false }) : messages;
  }
  const partial = event.partial === true;
  if (open) return replaceAt(messages, index, { ...open, text: partial ? open.text + text : text, partial });
  const message: TranscriptMessage = {
    kind: 'message',
    id: event.id,
    author: event.author,
    role: event.author === 'user' ? 'user' : 'model',
    text,
    partial,
    invocationId: event.invocationId,
  };
  return [...messages, message];
}

function toolCall(event: Event, call: FunctionCall, position: number): TranscriptToolCall {
  return {
    kind: 'tool',
    id: call.id ?? `${event.id}:${position}`,
    author: event.author,
    name: call.name ?? '',
    args: call.args ?? {},
    status: 'running',
  };
}

function withResult(messages: readonly TranscriptEntry[], event: Event, response: FunctionResponse): readonly TranscriptEntry[] {
  const status = response.id && event.actions?.requestedToolConfirmations?.[response.id] ? 'awaiting-confirmation' : 'done';
  const result = response.response ?? {};
  const index = response.id ? findLastIndex(messages, (entry) => entry.kind === 'tool' && entry.id === response.id) : -1;
  if (index >= 0) return replaceAt(messages, index, { ...(messages[index] as TranscriptToolCall), status, result });
  // a result whose call is not in the transcript (history loaded from the middle)
  const orphan: TranscriptToolCall = { kind: 'tool', id: response.id ?? event.id, author: event.author, name: response.name ?? '', args: {}, status, result };
  return [...messages, orphan];
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i]!)) return i;
  return -1;
}

function replaceAt(messages: readonly TranscriptEntry[], index: number, entry: TranscriptEntry): readonly TranscriptEntry[] {
  const next = messages.slice();
  next[index] = entry;
  return next;
}
