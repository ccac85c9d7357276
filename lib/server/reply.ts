import type { Observable } from 'rxjs';
import type { SseMessage } from './sse-message.js';

/**
 * What a route answers: JSON, a stream of server-sent events, a stream in a protocol's own
 * framing, a file, or nothing (204).
 *
 * @example
 * ```ts
 * const ok: Reply = jsonReply({ status: 'ok' });
 * const created: Reply = jsonReply(session, 201);
 * ```
 */
export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'sse'; messages: Observable<SseMessage> }
  | { kind: 'stream'; headers: Record<string, string>; chunks: Observable<string | Uint8Array> }
  | { kind: 'file'; status: number; contentType: string; body: Buffer; etag?: string }
  | { kind: 'empty'; status: number; headers?: Record<string, string> };

/**
 * A JSON reply.
 *
 * @example
 * ```ts
 * jsonReply(['hr', 'weather']);       // 200
 * jsonReply({ error: 'nope' }, 404);
 * ```
 */
export function jsonReply(body: unknown, status = 200, headers?: Record<string, string>): Reply {
  return { kind: 'json', status, body, ...(headers ? { headers } : {}) };
}

/**
 * A `text/event-stream` reply: one SSE message per value of `messages`; unsubscribed when the
 * client disconnects.
 *
 * @example
 * ```ts
 * sseReply(of({ data: { text: 'hi' } }));
 * ```
 */
export function sseReply(messages: Observable<SseMessage>): Reply {
  return { kind: 'sse', messages };
}

/**
 * A streamed reply in a protocol's own framing (AG-UI's encoder, the AI SDK's UI message stream):
 * status 200, the given headers, one write per chunk; unsubscribed when the client disconnects.
 * The chunks should not fail: a protocol reports errors in its own framing.
 *
 * @example
 * ```ts
 * streamReply({ 'Content-Type': 'text/event-stream' }, of('data: {"type":"start"}\n\n'));
 * ```
 */
export function streamReply(headers: Record<string, string>, chunks: Observable<string | Uint8Array>): Reply {
  return { kind: 'stream', headers, chunks };
}
