import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Reply } from './reply.js';

/**
 * The reply for a static file's content: 200 with the content and its `ETag` (a SHA-256 of the
 * bytes), or 304 with no body when the request's `If-None-Match` names that tag, as ADK's web
 * server (Starlette's StaticFiles) answers. A browser that loaded the file once revalidates it
 * (`Cache-Control: no-cache`) and keeps its copy, and the code it compiled from it, while the
 * file is unchanged.
 *
 * @example
 * ```ts
 * readFileOnce(path).pipe(map((body) => fileReply(raw, 'text/javascript; charset=utf-8', body)));
 * ```
 */
export function fileReply(request: Pick<IncomingMessage, 'headers'>, contentType: string, body: Buffer): Reply {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  const named = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, '')) ?? [];
  if (named.includes(etag) || named.includes('*')) return { kind: 'empty', status: 304, headers: { ETag: etag, 'Cache-Control': 'no-cache' } };
  return { kind: 'file', status: 200, contentType, body, etag };
}
