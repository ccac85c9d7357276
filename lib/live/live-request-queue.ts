import type { ActivityEnd, ActivityStart, Blob, Content } from '@google/genai';
import type { Observable } from 'rxjs';
import type { LiveRequest } from '../models/live-request.js';
import { HoldingSubject } from '../utils/holding-subject.js';

/**
 * What the user sends to a live conversation (`runner.runLive({..., liveRequestQueue})`), as
 * ADK's `LiveRequestQueue`. Hot, and backed by a Subject: what is sent before the model
 * connection is up, or while it reconnects, is kept and goes out in order once it is (see
 * {@link HoldingSubject}). Each request does one thing, by ADK's priority (close >
 * activityStart > activityEnd > blob > content). {@link close} ends the conversation.
 *
 * ```
 * sendContent(c) sendRealtime(b)        (connection up)    close()
 * held:  [c, b]  ──────────────────────► c b ──── b b ─────── x|
 * ```
 *
 * @example
 * ```ts
 * const queue = new LiveRequestQueue();
 * runner.runLive({ userId: 'u1', sessionId: 's1', liveRequestQueue: queue }).subscribe(render);
 * queue.sendContent({ role: 'user', parts: [{ text: 'What is the weather in Paris?' }] });
 * queue.sendRealtime({ mimeType: 'audio/pcm;rate=16000', data: base64Chunk });
 * queue.close();
 * ```
 */
export class LiveRequestQueue {
  private readonly requests = new HoldingSubject<LiveRequest>();

  /** Text (or function responses) for the model; the model answers it at once. */
  sendContent(content: Content): void {
    this.send({ content });
  }

  /** A chunk of audio or a video frame: `{mimeType, data}` with `data` base64 (e.g. 16 kHz PCM). */
  sendRealtime(blob: Blob): void {
    this.send({ blob });
  }

  /** The user started speaking (manual activity detection). */
  sendActivityStart(activityStart: ActivityStart = {}): void {
    this.send({ activityStart });
  }

  /** The user stopped speaking (manual activity detection). */
  sendActivityEnd(activityEnd: ActivityEnd = {}): void {
    this.send({ activityEnd });
  }

  /** Any request, as is. */
  send(request: LiveRequest): void {
    this.requests.next(request);
  }

  /** Ends the conversation: a `{close: true}` request, then nothing more is accepted. */
  close(): void {
    this.requests.next({ close: true });
    this.requests.complete();
  }

  /** The requests: those held first, then the live ones. */
  asObservable(): Observable<LiveRequest> {
    return this.requests.observable;
  }
}
