import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { catchError, concatMap, defer, type Observable, of } from 'rxjs';
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
}

/**
 * A `node:http` request listener over a route table. Each request is one subscription: match the
 * route (404 / 405 otherwise), read the JSON body if the route wants it, run the handler, write
 * its reply. Anything thrown becomes a JSON `{error}` answer with its status (never a crash; an
 * unexpected error — not an `HttpError` — is also logged with its stack);
 * when the client disconnects, the subscription — and so a running agent — is unsubscribed.
 *
 * @example
 * ```ts
 * const server = createServer(createRequestHandler([{ method: 'GET', path: '/ping', handle: () => of(jsonReply('pong')) }]));
 * ```
 */
export function createRequestHandler(routes: readonly Route[], options: RequestHandlerOptions = {}): RequestListener {
  const log = options.log ?? ((line: string) => console.error(line));
  return (req: IncomingMessage, res: ServerResponse) => {
    const subscription = answer(routes, req)
      .pipe(
        catchError((error: unknown) => of(errorReply(req, error, log))),
        concatMap((reply) => writeReply(res, reply)),
      )
      .subscribe({ error: (error: unknown) => abandon(res, error, log) });
    res.on('close', () => subscription.unsubscribe());
  };
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
