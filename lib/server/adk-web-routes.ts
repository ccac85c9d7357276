import { concatMap, defer, map, type Observable, of } from 'rxjs';
import { createEvent } from '../events/event.js';
import type { AppRunners } from './app-runners.js';
import { HttpError } from './http-error.js';
import { jsonReply, type Reply } from './reply.js';
import type { Route } from './route.js';
import { sessionOnWire } from './session-on-wire.js';

const SESSION = '/apps/:app/users/:user/sessions/:session';

/** rxadk's version, as `GET /version` reports it. */
export const RXADK_VERSION = '0.1.0';

/**
 * The endpoints of ADK's HTTP API that adk-web calls beyond running agents:
 *
 * | method and path | answer |
 * |---|---|
 * | `GET /version` | `{version, language: 'typescript', language_version}` |
 * | `PATCH /apps/{app}/users/{user}/sessions/{id}` | body `{stateDelta}`: a state-delta event is appended (as ADK does); the session |
 * | `GET …/sessions/{id}/artifacts/{name}/versions` | the version numbers |
 * | `GET …/sessions/{id}/artifacts/{name}/versions/{v}` | that version (a `Part`) |
 * | `DELETE …/sessions/{id}/artifacts/{name}` | every version deleted; `null` |
 *
 * (Eval sets: see `evalRoutes`; the builder answers 501: see `notBuiltRoutes`.)
 *
 * @example
 * ```ts
 * createRequestHandler([...apiRoutes(runners), ...adkWebRoutes(runners)]);
 * ```
 */
export function adkWebRoutes(runners: AppRunners): Route[] {
  return [
    { method: 'GET', path: '/version', handle: () => of(jsonReply({ version: RXADK_VERSION, language: 'typescript', language_version: process.versions.node })) },
    { method: 'PATCH', path: SESSION, readsBody: true, handle: ({ params, body }) => patchSession(runners, params, body) },
    { method: 'GET', path: `${SESSION}/artifacts/:name/versions`, handle: ({ params }) => artifactVersions(runners, params) },
    { method: 'GET', path: `${SESSION}/artifacts/:name/versions/:version`, handle: ({ params }) => artifactVersion(runners, params) },
    { method: 'DELETE', path: `${SESSION}/artifacts/:name`, handle: ({ params }) => deleteArtifact(runners, params) },
  ];
}

function refOf(params: Record<string, string>) {
  return { appName: params['app']!, userId: params['user']!, sessionId: params['session']! };
}

function patchSession(runners: AppRunners, params: Record<string, string>, body: unknown): Observable<Reply> {
  return defer(() => {
    const delta = (body as { stateDelta?: unknown; state_delta?: unknown } | undefined)?.stateDelta ?? (body as { state_delta?: unknown } | undefined)?.state_delta;
    if (typeof delta !== 'object' || delta === null || Array.isArray(delta)) throw new HttpError(400, 'PATCH a session with a JSON body {"stateDelta": {...}}.');
    const ref = refOf(params);
    runners.requireApp(ref.appName);
    return runners.sessionService.getSession(ref).pipe(
      concatMap((session) => {
        if (!session) throw new HttpError(404, `There is no session "${ref.sessionId}" for app "${ref.appName}", user "${ref.userId}".`);
        const event = createEvent({ invocationId: `p-${Date.now()}`, author: 'user', actions: { stateDelta: { ...(delta as Record<string, unknown>) } } });
        return runners.sessionService.appendEvent(session, event).pipe(concatMap(() => runners.sessionService.getSession(ref)));
      }),
      map((session) => jsonReply(sessionOnWire(session!))),
    );
  });
}

function artifactVersions(runners: AppRunners, params: Record<string, string>): Observable<Reply> {
  return defer(() => runners.artifactService.listVersions({ ...refOf(params), filename: params['name']! })).pipe(map((versions) => jsonReply(versions)));
}

function artifactVersion(runners: AppRunners, params: Record<string, string>): Observable<Reply> {
  return defer(() => {
    const version = Number(params['version']);
    if (!Number.isInteger(version) || version < 0) throw new HttpError(400, `"${params['version']}" is not an artifact version (a whole number).`);
    return runners.artifactService.loadArtifact({ ...refOf(params), filename: params['name']!, version });
  }).pipe(
    map((part) => {
      if (!part) throw new HttpError(404, `There is no version ${params['version']} of artifact "${params['name']}".`);
      return jsonReply(part);
    }),
  );
}

function deleteArtifact(runners: AppRunners, params: Record<string, string>): Observable<Reply> {
  return defer(() => runners.artifactService.deleteArtifact({ ...refOf(params), filename: params['name']! })).pipe(
    map(() => jsonReply(null)),
  );
}
