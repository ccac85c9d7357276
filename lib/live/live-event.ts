import type { Part } from '@google/genai';
import type { InvocationContext } from '../context/invocation-context.js';
import { createEventActions } from '../events/event-actions.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../models/llm-response.js';
import type { ToolLike } from '../models/tool-like.js';
import type { IdGenerator } from '../utils/ids.js';
import { modelResponseEvent } from '../flows/model-response-event.js';

/**
 * The event of one live response: author `user` for the user's transcription (and a `user`
 * content), else the agent; function calls get ids as in `runAsync`. A response without function
 * calls (every audio frame) is made into its event directly: one object, no copies. Its id comes
 * from the Runner's id generator when the event will be stored ({@link isStoredLiveEvent}), else
 * from `unstoredId` (the live connection's own sequence: an audio frame's event, stored nowhere,
 * costs no random id).
 *
 * @example
 * ```ts
 * liveEvent(ctx, { inputTranscription: { text: 'Hi', finished: true } }, toolsDict).author; // 'user'
 * liveEvent(ctx, { content: audio }, toolsDict, sequentialIds(ctx.idGenerator())).id;      // e.g. 'V1StGXR8_Z5jdHi6B-myT-1'
 * ```
 */
export function liveEvent(ctx: InvocationContext, response: LlmResponse, toolsDict: Record<string, ToolLike>, unstoredId: IdGenerator = ctx.idGenerator): Event {
  if (hasFunctionCalls(response)) {
    const event = modelResponseEvent(ctx, { id: ctx.idGenerator(), actions: NO_ACTIONS }, response, toolsDict);
    if (isUsers(response)) event.author = 'user'; // not emitted yet: still ours to set
    return event;
  }
  if (isContentOnly(response)) return contentEvent(ctx, response.content, unstoredId);
  // as ctx.createEvent builds it (the same keys in the same order), with the id chosen once the fields are in
  const event = { invocationId: ctx.invocationId, author: isUsers(response) ? 'user' : ctx.agent.name } as Event;
  if (ctx.branch !== undefined) event.branch = ctx.branch;
  Object.assign(event, response);
  event.id = '';
  event.timestamp = ctx.clock();
  event.actions = createEventActions();
  event.id = isStoredLiveEvent(event) ? ctx.idGenerator() : unstoredId();
  return event;
}

/**
 * The event of a response that is only content (every audio frame's): one object literal, the
 * keys in `ctx.createEvent`'s order, so every such event has the one shape V8 keeps for the
 * literal (an event built key by key goes through transition shapes that a full GC drops once no
 * event is alive, and with them the optimized code of every function that read one).
 */
function contentEvent(ctx: InvocationContext, content: LlmResponse['content'], unstoredId: IdGenerator): Event {
  const author = content?.role === 'user' ? 'user' : ctx.agent.name;
  const timestamp = ctx.clock();
  const actions = createEventActions();
  const event: Event =
    ctx.branch === undefined
      ? { invocationId: ctx.invocationId, author, content, id: '', timestamp, actions }
      : { invocationId: ctx.invocationId, author, branch: ctx.branch, content, id: '', timestamp, actions };
  event.id = isStoredLiveEvent(event) ? ctx.idGenerator() : unstoredId();
  return event;
}

/** Whether `content` is the response's only key (an audio frame's, a whole text's). */
function isContentOnly(response: LlmResponse): response is Pick<LlmResponse, 'content'> {
  if (response.content === undefined) return false;
  for (const key in response) if (key !== 'content') return false;
  return true;
}

function isUsers(response: LlmResponse): boolean {
  return !!response.inputTranscription || response.content?.role === 'user';
}

/** The base actions of a live function call event: only read (the event gets its own copy), so one serves them all. */
const NO_ACTIONS = Object.freeze(createEventActions());

function hasFunctionCalls(response: LlmResponse): boolean {
  return !!response.content?.parts?.some(isFunctionCallPart);
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
  const parts = event.content?.parts;
  if (parts?.some(isInlineDataPart)) return false;
  return (parts !== undefined && parts.length > 0) || hasStateChanges(event);
}

// module-level predicates: no closure made per call (every audio frame's event is checked)
function isFunctionCallPart(part: Part): boolean {
  return !!part.functionCall;
}

function isInlineDataPart(part: Part): boolean {
  return !!part.inlineData;
}

function hasStateChanges(event: Event): boolean {
  const actions = event.actions;
  return hasOwnKey(actions.stateDelta) || hasOwnKey(actions.artifactDelta) || !!actions.transferToAgent;
}

/** Whether the record has a key of its own (no key array made, as `Object.keys` would). */
function hasOwnKey(record: object): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}
