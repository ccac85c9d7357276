import type { Blob, Content, GoogleGenAI, LiveConnectConfig, LiveServerMessage, Session } from '@google/genai';
import { Observable, type Observer, type Subscription } from 'rxjs';
import { LiveConnectionClosedError } from './live-connection-closed-error.js';
import type { LiveRequest } from './live-request.js';
import { ModelError } from '../utils/errors.js';

/** What {@link geminiLiveSession} opens. */
export interface GeminiLiveSessionParameters {
  model: string;
  config: LiveConnectConfig;
  /** Sent once the session is up, unless the config resumes a session (`sessionResumption.handle`). */
  history: readonly Content[];
}

/**
 * One Gemini Live session through `@google/genai`'s `ai.live.connect` (its WebSocket client), as
 * an Observable of the server's messages. Cold: subscribing connects; once `setupComplete` came,
 * the history goes out (ADK: text contents only, `turnComplete` when the last is the user's), then
 * `requests` is subscribed and each request sent (see {@link sendLiveRequest}). `{close: true}`
 * or `requests` completing closes the socket (and completes); a close by the server with code 1000 completes, any other fails
 * with {@link LiveConnectionClosedError}. Unsubscribing closes the socket.
 *
 * This is the SDK boundary of the live mode: the SDK's Promise and callbacks become one Observable here.
 *
 * @example
 * ```ts
 * geminiLiveSession(client, { model: 'gemini-live-2.5-flash-preview', config: { responseModalities: [Modality.TEXT] }, history: [] }, requests$)
 *   .subscribe((message) => console.log(message.serverContent));
 * ```
 */
export function geminiLiveSession(
  client: GoogleGenAI,
  parameters: GeminiLiveSessionParameters,
  requests: Observable<LiveRequest>,
): Observable<LiveServerMessage> {
  return new Observable<LiveServerMessage>((subscriber) => openGeminiLiveSession(client, parameters, requests, subscriber));
}

/**
 * What {@link geminiLiveSession} does for one subscriber, with the server's messages handed to
 * `observer` (a subscriber, or a converter of them into responses): connects, sends the history
 * once `setupComplete` came, then each request; returns the teardown (closes the socket).
 *
 * @example
 * ```ts
 * const close = openGeminiLiveSession(client, { model, config, history: [] }, requests$, { next: console.log, error: console.error, complete: () => undefined });
 * ```
 */
export function openGeminiLiveSession(
  client: GoogleGenAI,
  parameters: GeminiLiveSessionParameters,
  requests: Observable<LiveRequest>,
  observer: Observer<LiveServerMessage>,
): () => void {
  let session: Session | undefined;
  let sending: Subscription | undefined;
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    sending?.unsubscribe();
    session?.close();
  };
  client.live
    .connect({
      model: parameters.model,
      config: { ...parameters.config },
      callbacks: {
        onmessage: (message) => {
          if (!message.setupComplete) observer.next(message);
        },
        onclose: (event) => {
          const ours = closed;
          closed = true;
          sending?.unsubscribe();
          if (ours || event.code === 1000) observer.complete();
          else observer.error(new LiveConnectionClosedError({ model: parameters.model, code: event.code, reason: event.reason }));
        },
      },
    })
    .then(
      (opened) => {
        session = opened;
        if (closed) return opened.close();
        if (!parameters.config.sessionResumption?.handle) sendHistory(opened, parameters.history);
        sending = requests.subscribe({
          next: (request) => (sendLiveRequest(opened, request) ? undefined : close()),
          error: (error: unknown) => {
            close();
            observer.error(error);
          },
          complete: close,
        });
      },
      (error: unknown) => observer.error(new ModelError(`Could not open a live session with model "${parameters.model}": ${String(error)}`, { model: parameters.model, cause: error })),
    );
  return close;
}

/**
 * The history, as ADK sends it: the contents whose first part is text, in one `clientContent`,
 * with `turnComplete` when the last of them is the user's (the model then answers it).
 */
function sendHistory(session: Session, history: readonly Content[]): void {
  const turns = history.filter((content) => !!content.parts?.[0]?.text);
  if (turns.length) session.sendClientContent({ turns, turnComplete: turns.at(-1)!.role === 'user' });
}

/**
 * Sends one request (its one action by ADK's priority): function responses as `toolResponse`,
 * other content as `clientContent` with `turnComplete`, a blob as `realtimeInput.audio` (audio),
 * `realtimeInput.video` (image or video) or `media`, activity markers as `realtimeInput`.
 * Returns `false` for a close request (the caller closes the socket).
 */
function sendLiveRequest(session: Session, request: LiveRequest): boolean {
  // ADK's priority, read off the request (no action object per audio frame)
  if (request.close) return false;
  if (request.activityStart) session.sendRealtimeInput({ activityStart: {} });
  else if (request.activityEnd) session.sendRealtimeInput({ activityEnd: {} });
  else if (request.blob) session.sendRealtimeInput(realtimeInputOf(request.blob));
  else if (request.content) sendContent(session, request.content);
  return true;
}

/** Function responses as `toolResponse`, other content as `clientContent` with `turnComplete`. */
function sendContent(session: Session, content: Content): void {
  const parts = content.parts ?? [];
  if (parts[0]?.functionResponse) session.sendToolResponse({ functionResponses: parts.flatMap((part) => (part.functionResponse ? [part.functionResponse] : [])) });
  else session.sendClientContent({ turns: [content], turnComplete: true });
}

function realtimeInputOf(blob: Blob): { audio: Blob } | { video: Blob } | { media: Blob } {
  const type = blob.mimeType ?? '';
  if (type.startsWith('audio/')) return { audio: blob };
  if (type.startsWith('image/') || type.startsWith('video/')) return { video: blob };
  return { media: blob };
}
