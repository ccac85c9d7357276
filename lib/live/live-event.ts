import type { InvocationContext } from '../context/invocation-context.js';
import { createEventActions } from '../events/event-actions.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../models/llm-response.js';
import type { ToolLike } from '../models/tool-like.js';
import { modelResponseEvent } from '../flows/model-response-event.js';

/**
 * The event of one live response: a fresh id; author `user` for the user's transcription (and a
 * `user` content), else the agent; function calls get ids as in `runAsync`. A response without
 * function calls (every audio frame) is made into its event directly: one object, no copies.
 *
 * @example
 * ```ts
 * liveEvent(ctx, { inputTranscription: { text: 'Hi', finished: true } }, toolsDict).author; // 'user'
 * ```
 */
export function liveEvent(ctx: InvocationContext, response: LlmResponse, toolsDict: Record<string, ToolLike>): Event {
  const event = hasFunctionCalls(response) ? modelResponseEvent(ctx, { id: ctx.idGenerator(), actions: NO_ACTIONS }, response, toolsDict) : ctx.createEvent(response);
  if (response.inputTranscription || response.content?.role === 'user') event.author = 'user'; // not emitted yet: still ours to set
  return event;
}

/** The base actions of a live function call event: only read (the event gets its own copy), so one serves them all. */
const NO_ACTIONS = Object.freeze(createEventActions());

function hasFunctionCalls(response: LlmResponse): boolean {
  return !!response.content?.parts?.some((part) => part.functionCall);
}

/**
 * Whether the Runner stores a live event (SPEC §18): not partials; not the control reports
 * (`turnComplete`, `interrupted`, usage, resumption updates, `goAway`, cancellations); not model
 * audio (inline data) — `saveLiveBlob` replaces it by an `artifact://` reference first; yes for
 * finished transcriptions, the user's text, function calls and responses, the model's whole text,
 * and anything that changes state.
 *
 * @example
 * ```ts
 * isStoredLiveEvent({ ...event, partial: true });                             // false
 * isStoredLiveEvent({ ...event, outputTranscription: { text: 'Hi', finished: true } }); // true
 * ```
 */
export function isStoredLiveEvent(event: Event): boolean {
  if (event.partial) return false;
  if (event.inputTranscription?.finished || event.outputTranscription?.finished) return true;
  const parts = event.content?.parts ?? [];
  if (parts.some((part) => part.inlineData)) return false;
  return parts.length > 0 || hasStateChanges(event);
}

function hasStateChanges(event: Event): boolean {
  const actions = event.actions;
  return Object.keys(actions.stateDelta).length > 0 || Object.keys(actions.artifactDelta).length > 0 || !!actions.transferToAgent;
}
