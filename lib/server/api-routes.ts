import { catchError, concatMap, defer, filter, forkJoin, map, type Observable, of, toArray } from 'rxjs';
import type { AppInfo } from './app-info.js';
import type { Event } from '../events/event.js';
import { isEvalSessionId } from '../evaluation/eval-session-id.js';
import type { Session } from '../sessions/session.js';
import type { AppRunners } from './app-runners.js';
import { parseCreateSessionBody, type CreateSessionBody } from './create-session-body.js';
import { HttpError } from './http-error.js';
import { jsonReply, type Reply, sseReply } from './reply.js';
import type { Route } from './route.js';
import { parseRunRequest, type RunRequest } from './run-request.js';
import { runWithTrace } from './run-with-trace.js';
import { sessionOnWire } from './session-on-wire.js';
import type { SseMessage } from './sse-message.js';
import type { SessionRef } from './session-ref.js';

const SESSIONS = '/apps/:app/users/:user/sessions';
const SESSION = `${SESSIONS}/:session`;

/**
 * The HTTP API of Google ADK's `adk api_server`, over {@link AppRunners}:
 *
 * | method and path | answer |
 * |---|---|
 * | `GET /list-apps` | the app names |
 * | `GET /list-apps?detailed=true` | `{apps: AppInfo[]}`: name, root agent, description, language, and `error` for apps that failed to load |
 * | `GET /apps/{app}/users/{user}/sessions` | the user's sessions (without events), without the eval runs' (`___eval___session___…`, as ADK) |
 * | `POST /apps/{app}/users/{user}/sessions[/{id}]` | a new session (body: optional state) |
 * | `GET` / `DELETE /apps/{app}/users/{user}/sessions/{id}` | the session with its events / 204 |
 * | `GET /apps/{app}/users/{user}/sessions/{id}/artifacts[/{name}]` | artifact names / the latest version |
 * | `GET /apps/{app}/users/{user}/sessions/{id}/trace` | the recorded hooks of its invocations (rxadk) |
 * | `GET /dev/apps/{app}/debug/trace/session/{id}` (and `/debug/trace/session/{id}`) | the session's spans, as adk-web reads them |
 * | `GET /dev/apps/{app}/debug/trace/{eventId}` (and `/debug/trace/{eventId}`) | the attributes of the span behind an event |
 * | `POST /run` | the turn's events, as one JSON array |
 * | `POST /run_sse` | the turn's events as server-sent events |
 *
 * Unknown apps and sessions are 404s, malformed bodies 400s, all with a JSON `{error}` body.
 *
 * @example
 * ```ts
 * const runners = new AppRunners({ apps, sessionService });
 * createServer(createRequestHandler(apiRoutes(runners))).listen(8000, '127.0.0.1');
 * ```
 */
export function apiRoutes(runners: AppRunners): Route[] {
  return [
    { method: 'GET', path: '/list-apps', handle: ({ query }) => listApps(runners, query.get('detailed') === 'true') },
    { method: 'GET', path: SESSIONS, handle: ({ params }) => listSessions(runners, params) },
    { method: 'POST', path: SESSIONS, readsBody: true, handle: ({ params, body }) => createSession(runners, params, body) },
    { method: 'GET', path: SESSION, handle: ({ params }) => getSession(runners, sessionRefOf(params)) },
    { method: 'POST', path: SESSION, readsBody: true, handle: ({ params, body }) => createSession(runners, params, body, params['session']) },
    { method: 'DELETE', path: SESSION, handle: ({ params }) => deleteSession(runners, sessionRefOf(params)) },
    { method: 'GET', path: `${SESSION}/trace`, handle: ({ params }) => sessionTrace(runners, sessionRefOf(params)) },
    { method: 'GET', path: `${SESSION}/artifacts`, handle: ({ params }) => artifactNames(runners, sessionRefOf(params)) },
    { method: 'GET', path: `${SESSION}/artifacts/:name`, handle: ({ params }) => artifact(runners, sessionRefOf(params), params['name']!) },
    { method: 'GET', path: '/dev/apps/:app/debug/trace/session/:session', handle: ({ params }) => sessionSpans(runners, params['session']!) },
    { method: 'GET', path: '/dev/apps/:app/debug/trace/:event', handle: ({ params }) => eventSpan(runners, params['event']!) },
    { method: 'GET', path: '/debug/trace/session/:session', handle: ({ params }) => sessionSpans(runners, params['session']!) },
    { method: 'GET', path: '/debug/trace/:event', handle: ({ params }) => eventSpan(runners, params['event']!) },
    { method: 'POST', path: '/run', readsBody: true, runsTurn: true, handle: ({ body }) => run(runners, body) },
    { method: 'POST', path: '/run_sse', readsBody: true, runsTurn: true, handle: ({ body }) => runSse(runners, body) },
  ];
}

/**
 * The session, or an {@link HttpError} 404 (after checking the app exists).
 *
 * @example
 * ```ts
 * requireSession(runners, { appName: 'weather', userId: 'u', sessionId: 's1' }).subscribe((session) => session.events.length);
 * ```
 */
export function requireSession(runners: AppRunners, ref: SessionRef): Observable<Session> {
  return defer(() => {
    runners.requireApp(ref.appName);
    return runners.sessionService.getSession(ref);
  }).pipe(
    map((session) => {
      if (!session) throw new HttpError(404, `There is no session "${ref.sessionId}" for app "${ref.appName}", user "${ref.userId}".`);
      return session;
    }),
  );
}

/** `/list-apps`: the names, or (detailed, as ADK's `ListAppsResponse`) `{apps: AppInfo[]}` with load errors. */
function listApps(runners: AppRunners, detailed: boolean): Observable<Reply> {
  return defer(() => {
    if (!detailed) return of(jsonReply(runners.apps.names()));
    const source = runners.apps;
    const infos = source.describe ? source.describe() : describeByLoading(runners);
    return infos.pipe(map((apps) => jsonReply({ apps })));
  });
}

function describeByLoading(runners: AppRunners): Observable<AppInfo[]> {
  const names = runners.apps.names();
  if (names.length === 0) return of([]);
  return forkJoin(
    names.map((name) =>
      runners.apps.load(name).pipe(
        map((app): AppInfo => ({ name, root_agent_name: app.rootAgent.name, description: app.rootAgent.description ?? '', language: 'code' })),
        catchError((error: unknown) => of<AppInfo>({ name, root_agent_name: '', description: '', language: 'code', error: error instanceof Error ? error.message : String(error) })),
      ),
    ),
  );
}

function sessionRefOf(params: Record<string, string>): SessionRef {
  return { appName: params['app']!, userId: params['user']!, sessionId: params['session']! };
}

function listSessions(runners: AppRunners, params: Record<string, string>): Observable<Reply> {
  return defer(() => {
    runners.requireApp(params['app']!);
    return runners.sessionService.listSessions({ appName: params['app']!, userId: params['user']! });
  }).pipe(map(({ sessions }) => jsonReply(sessions.filter((session) => !isEvalSessionId(session.id)).map(sessionOnWire))));
}

/** A new session; the id comes from the path (`sessionId`), the body, or the store. */
function createSession(runners: AppRunners, params: Record<string, string>, body: unknown, sessionId?: string): Observable<Reply> {
  return defer(() => {
    const request: CreateSessionBody = { ...parseCreateSessionBody(body), ...(sessionId ? { sessionId } : {}) };
    runners.requireApp(params['app']!);
    return runners.sessionService.createSession({ appName: params['app']!, userId: params['user']!, ...request });
  }).pipe(map((session) => jsonReply(sessionOnWire(session))));
}

function getSession(runners: AppRunners, ref: SessionRef): Observable<Reply> {
  return requireSession(runners, ref).pipe(map((session) => jsonReply(sessionOnWire(session))));
}

function deleteSession(runners: AppRunners, ref: SessionRef): Observable<Reply> {
  return requireSession(runners, ref).pipe(
    concatMap(() => runners.sessionService.deleteSession(ref)),
    toArray(),
    map((): Reply => {
      runners.traces.forget(ref);
      return { kind: 'empty', status: 204 };
    }),
  );
}

function sessionTrace(runners: AppRunners, ref: SessionRef): Observable<Reply> {
  return requireSession(runners, ref).pipe(map(() => jsonReply(runners.traces.tracesOf(ref))));
}

function artifactNames(runners: AppRunners, ref: SessionRef): Observable<Reply> {
  return requireSession(runners, ref).pipe(
    concatMap(() => runners.artifactService.listArtifactKeys(ref)),
    map((names) => jsonReply(names)),
  );
}

function artifact(runners: AppRunners, ref: SessionRef, filename: string): Observable<Reply> {
  return requireSession(runners, ref).pipe(
    concatMap(() => runners.artifactService.loadArtifact({ ...ref, filename })),
    map((part) => {
      if (!part) throw new HttpError(404, `There is no artifact "${filename}" in session "${ref.sessionId}".`);
      return jsonReply(part);
    }),
  );
}

/** Checks that the app and the session exist (404s come before any streaming), then prepares the run. */
function startRun(runners: AppRunners, request: RunRequest): Observable<Observable<SseMessage>> {
  const ref = { appName: request.appName, userId: request.userId, sessionId: request.sessionId };
  return requireSession(runners, ref).pipe(
    concatMap(() => runners.runnerFor(request.appName)),
    map((runner) => runWithTrace(runner, runners.traces, request)),
  );
}

function run(runners: AppRunners, body: unknown): Observable<Reply> {
  return defer(() => startRun(runners, { ...parseRunRequest(body), trace: false })).pipe(
    concatMap((messages) => messages),
    map((message) => message.data as Event),
    filter((event) => !event.partial),
    toArray(),
    map((events) => jsonReply(events)),
  );
}

function runSse(runners: AppRunners, body: unknown): Observable<Reply> {
  return defer(() => startRun(runners, parseRunRequest(body))).pipe(map((messages) => sseReply(messages)));
}

/** adk-web's trace view: the session's spans (`{name, span_id, trace_id, parent_span_id, start_time, end_time, attributes}`). */
function sessionSpans(runners: AppRunners, sessionId: string): Observable<Reply> {
  return defer(() => of(jsonReply(runners.traces.sessionSpans(sessionId))));
}

/** adk-web's event view: the attributes of the span that produced the event (404 when none is kept). */
function eventSpan(runners: AppRunners, eventId: string): Observable<Reply> {
  return defer(() => {
    const attributes = runners.traces.eventAttributes(eventId);
    if (!attributes) throw new HttpError(404, `No trace is kept for event "${eventId}".`);
    return of(jsonReply(attributes));
  });
}
