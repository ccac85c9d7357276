import type { ActivityEnd, ActivityStart, Blob, Content } from '@google/genai';

/**
 * One thing sent to a live conversation, as ADK's `LiveRequest`: a content (text, or function
 * responses), a realtime blob (`{mimeType, data}`, `data` base64, e.g. 16 kHz PCM audio), the
 * start or end of the user's activity (manual voice activity detection), or `close`. A request
 * holding several of them is read by ADK's priority: close > activityStart > activityEnd > blob >
 * content (see {@link liveRequestAction}).
 *
 * @example
 * ```ts
 * const text: LiveRequest = { content: { role: 'user', parts: [{ text: 'Hello' }] } };
 * const audio: LiveRequest = { blob: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } };
 * const done: LiveRequest = { close: true };
 * ```
 */
export interface LiveRequest {
  content?: Content;
  blob?: Blob;
  activityStart?: ActivityStart;
  activityEnd?: ActivityEnd;
  close?: boolean;
}

/**
 * What a {@link LiveRequest} asks for, once ADK's priority is applied: exactly one action, or
 * `undefined` for an empty request.
 *
 * @example
 * ```ts
 * const action: LiveRequestAction = { kind: 'blob', blob: { mimeType: 'audio/pcm', data: 'AAAA' } };
 * ```
 */
export type LiveRequestAction =
  | { kind: 'close' }
  | { kind: 'activityStart' }
  | { kind: 'activityEnd' }
  | { kind: 'blob'; blob: Blob }
  | { kind: 'content'; content: Content };

/**
 * The one action of a request, by ADK's priority: close > activityStart > activityEnd > blob >
 * content. `undefined` when the request holds none of them.
 *
 * @example
 * ```ts
 * liveRequestAction({ close: true, content });                  // { kind: 'close' }
 * liveRequestAction({ blob, content });                         // { kind: 'blob', blob }
 * liveRequestAction({});                                        // undefined
 * ```
 */
export function liveRequestAction(request: LiveRequest): LiveRequestAction | undefined {
  if (request.close) return { kind: 'close' };
  if (request.activityStart) return { kind: 'activityStart' };
  if (request.activityEnd) return { kind: 'activityEnd' };
  if (request.blob) return { kind: 'blob', blob: request.blob };
  if (request.content) return { kind: 'content', content: request.content };
  return undefined;
}
