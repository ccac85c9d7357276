import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { catchError, concatMap, defer, type Observable, of } from 'rxjs';
import type { Admit } from './admission-queue.js';
import { corsHeaders, type CrossSitePolicy, crossSitePolicy, crossSiteRefusal, preflightHeaders } from './cross-site-policy.js';
import { HttpError, toHttpError } from './http-error.js';
import { readJsonBody } from './read-json-body.js';
import { jsonReply, type Reply } from './reply.js';
import { matchRoute, type Route } from './route.js';
import { writeReply } from './write-reply.js';

/**
 * Options of {@link createRequestHandler}.
 *
 * @example
 * ```ts
 * const options: RequestHandlerOptions = { log: (line) => process.stderr.write(`${line}\n`) };
 * ```
 */
export interface RequestHandlerOptions {
  /** Where server errors (5xx) are reported. Default: `console.error`. */
  log?: (line: string) => void;
  /** Which hosts and origins may call (see {@link crossSitePolicy}). Default: loopback, no other site. */
  crossSite?: CrossSitePolicy;
  /**
   * The queue that requests of routes with `runsTurn` wait in, from their arrival until their
   * reply is written (see {@link admissionQueue}). Default: none, every turn runs at once.
   */
  admit?: Admit;
}

/**
 * A `node:http` request listener over a route table. Each request is one subscription: match the
 * route (404 / 405 otherwise), read the JSON body if the route wants it, run the handler, write
 * its reply. Anything thrown becomes a JSON `{error}` answer with its status (never a crash; an
 * unexpected error — not an `HttpError` — is also logged with its stack);
 * when the client disconnects, the subscription — and so a running agent — is unsubscribed.
 * With `admit`, a request for a route that `runsTurn` is all of that inside the admission queue:
 * it waits there (before its body is read) until a place is free, and leaves the line if the
 * client disconnects meanwhile.
 *
 * @example
 * ```ts
 * const server = createServer(createRequestHandler([{ method: 'GET', path: '/ping', handle: () => of(jsonReply('pong')) }]));
 * ```
 */
export function createRequestHandler(routes: readonly Route[], options: RequestHandlerOptions = {}): RequestListener {
  const log = options.log ?? ((line: string) => console.error(line));
  const policy = options.crossSite ?? crossSitePolicy();
  const admit = options.admit;
  return (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(corsHeaders(req.headers, policy))) res.setHeader(name, value);
    const handled = guarded(routes, req, res, policy).pipe(
      catchError((error: unknown) => of(errorReply(req, error, log))),
      concatMap((reply) => writeReply(res, reply)),
    );
    const subscription = (admit && runsTurn(routes, req) ? admit(handled) : handled).subscribe({ error: (error: unknown) => abandon(res, error, log) });
    res.on('close', () => subscription.unsubscribe());
  };
}

/**
 * Whether the request is for a route that runs an agent turn (and so waits in the admission
 * queue). A target that is no URL runs none (its answer says why).
 */
function runsTurn(routes: readonly Route[], req: IncomingMessage): boolean {
  if (req.method === 'OPTIONS' || !URL.canParse(req.url ?? '/', 'http://localhost')) return false;
  const match = matchRoute(routes, req.method ?? 'GET', new URL(req.url ?? '/', 'http://localhost').pathname);
  return match.kind === 'found' && match.route.runsTurn === true;
}

/** Refuses cross-site and rebinding requests (403), answers preflights, and routes the rest. */
function guarded(routes: readonly Route[], req: IncomingMessage, res: ServerResponse, policy: CrossSitePolicy): Observable<Reply> {
  return defer(() => {
    const refusal = crossSiteRefusal(req.headers, policy);
    if (refusal) return of(jsonReply({ error: refusal }, 403));
    if (req.method !== 'OPTIONS') return answer(routes, req);
    const headers = req.headers['access-control-request-method'] ? preflightHeaders(req.headers, policy) : { Allow: 'GET, POST, PATCH, DELETE, OPTIONS' };
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    return of<Reply>({ kind: 'empty', status: 204 });
  });
}

function answer(routes: readonly Route[], req: IncomingMessage): Observable<Reply> {
  return defer(() => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = matchRoute(routes, method, url.pathname);
    if (match.kind === 'not-found') throw new HttpError(404, `There is no endpoint ${method} ${url.pathname}.`);
    if (match.kind === 'wrong-method') {
      const allowed = match.allowed.join(', ');
      return of(jsonReply({ error: `${method} is not allowed on ${url.pathname}; use ${allowed}.` }, 405, { Allow: allowed }));
    }
    const { route, params } = match;
    if (route.readsBody && hasBody(req) && !isJson(req.headers['content-type'])) {
      throw new HttpError(415, `${method} ${url.pathname} takes a JSON body: send it with Content-Type: application/json.`);
    }
    const body = route.readsBody ? readJsonBody(req) : of(undefined);
    return body.pipe(concatMap((parsed) => route.handle({ params, query: url.searchParams, body: parsed, raw: req })));
  });
}

function errorReply(req: IncomingMessage, error: unknown, log: (line: string) => void): Reply {
  const httpError = toHttpError(error);
  if (httpError.status >= 500 && !(error instanceof HttpError)) log(`${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return jsonReply({ error: httpError.message }, httpError.status);
}

/** Writing the reply itself failed: report it and drop the connection. */
function abandon(res: ServerResponse, error: unknown, log: (line: string) => void): void {
  log(`could not write a response: ${error instanceof Error ? error.message : String(error)}`);
  res.destroy();
}

function hasBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

function isJson(contentType: string | undefined): boolean {
  return /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType ?? '');
}
