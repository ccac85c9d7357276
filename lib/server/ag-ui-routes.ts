import type { IncomingMessage } from 'node:http';
import type { RunAgentInput } from '@ag-ui/core';
import { catchError, concatMap, defer, forkJoin, map, type Observable } from 'rxjs';
import { MalformedClientInputError } from '../front-ends/malformed-client-input-error.js';
import { MissingDriverError } from '../utils/missing-driver-error.js';
import type { AppRunners } from './app-runners.js';
import { type Authenticate, userOf } from './authenticate.js';
import { HttpError } from './http-error.js';
import { type Reply, streamReply } from './reply.js';
import type { Route } from './route.js';

/** The optional packages and the rxadk module the endpoint loads on first use. */
type AgUiModules = [typeof import('@ag-ui/core/schemas'), typeof import('@ag-ui/encoder'), typeof import('../ag-ui/prepare-ag-ui-run.js')];

/**
 * `POST /ag-ui/{app}`: an AG-UI endpoint (what `@ag-ui/client`'s `HttpAgent` and CopilotKit's
 * runtime call). The body is a `RunAgentInput`; the answer is the turn's AG-UI events, encoded
 * by `@ag-ui/encoder` (server-sent events, or protobuf when the `Accept` header asks for it).
 * The thread is a session of the authenticated user (`authenticate`, default `'user'`). Bad
 * input — a malformed body, an edited history, a result for an unknown call, another user's
 * thread — is a 4xx JSON `{error}` before any stream starts, and nothing is stored. It follows
 * the server's cross-site rules like every other route. `@ag-ui/core` and `@ag-ui/encoder` are
 * loaded on the first request (a 501 names them when they are not installed).
 *
 * @example
 * ```ts
 * const routes = [...apiRoutes(runners), ...agUiRoutes(runners)];
 * // then, in a browser: new HttpAgent({ url: 'http://127.0.0.1:8000/ag-ui/weather', threadId: 't1' }).runAgent()
 * ```
 */
export function agUiRoutes(runners: AppRunners, authenticate?: Authenticate): Route[] {
  return [{ method: 'POST', path: '/ag-ui/:app', readsBody: true, runsTurn: true, handle: ({ params, body, raw }) => agUiRun(runners, authenticate, params['app']!, body, raw) }];
}

function agUiRun(runners: AppRunners, authenticate: Authenticate | undefined, appName: string, body: unknown, raw: IncomingMessage): Observable<Reply> {
  return defer(() => {
    runners.requireApp(appName);
    return forkJoin([userOf(authenticate, raw), agUiModules(), runners.runnerFor(appName)]);
  }).pipe(
    concatMap(([userId, [schemas, encoding, run], runner]) => {
      const input = parseRunAgentInput(schemas, body);
      const encoder = new encoding.EventEncoder(raw.headers.accept ? { accept: raw.headers.accept } : {});
      return run.prepareAgUiRun(runner, userId, input).pipe(
        map((events) => streamReply({ 'Content-Type': encoder.getContentType() }, events.pipe(map((event) => encoder.encodeBinary(event))))),
      );
    }),
  );
}

function agUiModules(): Observable<AgUiModules> {
  return defer(() => Promise.all([import('@ag-ui/core/schemas'), import('@ag-ui/encoder'), import('../ag-ui/prepare-ag-ui-run.js')])).pipe(
    catchError((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new HttpError(501, `${new MissingDriverError({ packageName: '@ag-ui/core @ag-ui/encoder', feature: 'POST /ag-ui/{app}', cause: error }).message} (${reason})`);
    }),
  );
}

function parseRunAgentInput(schemas: AgUiModules[0], body: unknown): RunAgentInput {
  const parsed = schemas.RunAgentInputSchema.safeParse(body);
  if (parsed.success) return parsed.data as RunAgentInput;
  throw new MalformedClientInputError(
    'AG-UI RunAgentInput',
    parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`),
  );
}
