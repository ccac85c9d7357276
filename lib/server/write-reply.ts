import type { ServerResponse } from 'node:http';
import { catchError, defer, EMPTY, finalize, ignoreElements, type Observable, of, tap } from 'rxjs';
import { toHttpError } from './http-error.js';
import type { Reply } from './reply.js';
import { formatSseMessage, type SseMessage } from './sse-message.js';

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
};

/**
 * Writes a {@link Reply} to a response. Completes when the response is fully written; for a
 * server-sent-event reply that is when its messages complete (an error becomes a last
 * `event: error` message with `{error}`), and unsubscribing stops the messages' source — the
 * request handler does that when the client disconnects.
 *
 * @example
 * ```ts
 * writeReply(res, jsonReply({ ok: true })).subscribe();
 * ```
 */
export function writeReply(res: ServerResponse, reply: Reply): Observable<never> {
  switch (reply.kind) {
    case 'json':
      return defer(() => end(res, reply.status, jsonHeaders(reply.headers), `${JSON.stringify(reply.body ?? null)}\n`));
    case 'file':
      return defer(() => end(res, reply.status, { 'Content-Type': reply.contentType, 'Cache-Control': 'no-cache', ...(reply.etag ? { ETag: reply.etag } : {}) }, reply.body));
    case 'empty':
      return defer(() => end(res, reply.status, reply.headers ?? {}, undefined));
    case 'sse':
      return streamSse(res, reply.messages);
    case 'stream':
      return streamChunks(res, reply.headers, reply.chunks);
  }
}

function streamSse(res: ServerResponse, messages: Observable<SseMessage>): Observable<never> {
  return defer(() => {
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    const write = (message: SseMessage): void => void res.write(formatSseMessage(message));
    return messages.pipe(
      catchError((error: unknown) => of<SseMessage>({ event: 'error', data: { error: toHttpError(error).message } })),
      tap(write),
      ignoreElements(),
      finalize(() => res.writableEnded || res.end()),
    );
  });
}

function streamChunks(res: ServerResponse, headers: Record<string, string>, chunks: Observable<string | Uint8Array>): Observable<never> {
  return defer(() => {
    res.writeHead(200, { 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no', ...headers });
    res.flushHeaders();
    return chunks.pipe(
      tap((chunk) => void res.write(chunk)),
      ignoreElements(),
      finalize(() => res.writableEnded || res.end()),
    );
  });
}

function end(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer | undefined): Observable<never> {
  res.writeHead(status, headers);
  res.end(body);
  return EMPTY;
}

function jsonHeaders(extra: Record<string, string> | undefined): Record<string, string> {
  return { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...extra };
}
