import { concatMap, defer, map, type Observable } from 'rxjs';
import { emptyStateOf } from '../evaluation/empty-state-of.js';
import { EvalNotFoundError } from '../evaluation/eval-not-found-error.js';
import type { EvalCase } from '../evaluation/eval-set.js';
import { invocationsOfEvents } from '../evaluation/invocations-of-events.js';
import type { LocalEvalSetsManager } from '../evaluation/local-eval-sets-manager.js';
import { parseEvalCase } from '../evaluation/parse-eval-set.js';
import type { AppRunners } from './app-runners.js';
import { camelKeys } from './camel-keys.js';
import { HttpError } from './http-error.js';
import type { Route } from './route.js';
import { withApp } from './with-app.js';

type Params = Record<string, string>;

/**
 * The eval-set endpoints of ADK's API, relative to an app's prefix (`/apps/{app}` or
 * `/dev/apps/{app}`), in both of ADK's spellings, answering camelCase JSON:
 *
 * | method and path | answer |
 * |---|---|
 * | `GET /eval_sets` | the set ids, sorted |
 * | `GET /eval-sets` | `{evalSetIds}` |
 * | `POST /eval-sets`, body `{eval_set: {eval_set_id, …}}` (`model_execution_mode`, `tool_execution_mode` accepted) | the new, empty set |
 * | `POST /eval_sets/{set}` | a new, empty set; `null` |
 * | `GET` / `DELETE /eval_sets/{set}` (and `/eval-sets/{set}`) | the set / `null` |
 * | `GET /eval_sets/{set}/evals` | its case ids, sorted |
 * | `POST /eval_sets/{set}/add_session` (and `/eval-sets/{set}/add-session`), body `{evalId, sessionId, userId}` | `null`: the session became a case |
 * | `GET` / `PUT` / `DELETE /eval_sets/{set}/evals/{case}` (and `/eval-sets/{set}/eval-cases/{case}`) | the case / `null` / `null` |
 *
 * Unknown app, set or case: 404; a set id outside `^[a-zA-Z0-9_]+$` (a path separator), a
 * malformed body, a case id that exists already: 400.
 *
 * @example
 * ```ts
 * evalSetRoutes(runners, new LocalEvalSetsManager('agents')); // then prefixed by evalRoutes
 * ```
 */
export function evalSetRoutes(runners: AppRunners, sets: LocalEvalSetsManager): Route[] {
  const listIds = (params: Params) => withApp(runners, params, () => sets.listEvalSets(params['app']!));
  const getSet = ({ params }: { params: Params }) => withApp(runners, params, () => sets.getEvalSet(params['app']!, params['set']!).pipe(map((set) => set ?? notFound('eval set', params))));
  const deleteSet = ({ params }: { params: Params }) => withApp(runners, params, () => sets.deleteEvalSet(params['app']!, params['set']!).pipe(map(() => null)));
  const getCase = ({ params }: { params: Params }) =>
    withApp(runners, params, () => sets.getEvalCase(params['app']!, params['set']!, params['case']!).pipe(map((found) => found ?? notFound('eval case', params))));
  const putCase = ({ params, body }: { params: Params; body: unknown }) =>
    withApp(runners, params, () => sets.updateEvalCase(params['app']!, params['set']!, caseFromBody(body, params['case']!)).pipe(map(() => null)));
  const deleteCase = ({ params }: { params: Params }) => withApp(runners, params, () => sets.deleteEvalCase(params['app']!, params['set']!, params['case']!).pipe(map(() => null)));
  const addSession = ({ params, body }: { params: Params; body: unknown }) => withApp(runners, params, () => addSessionAsCase(runners, sets, params, body));
  return [
    { method: 'GET', path: '/eval_sets', handle: ({ params }) => listIds(params) },
    { method: 'GET', path: '/eval-sets', handle: ({ params }) => withApp(runners, params, () => sets.listEvalSets(params['app']!).pipe(map((evalSetIds) => ({ evalSetIds })))) },
    { method: 'POST', path: '/eval-sets', readsBody: true, handle: ({ params, body }) => withApp(runners, params, () => sets.createEvalSet(params['app']!, setIdFromBody(body))) },
    { method: 'POST', path: '/eval_sets/:set', handle: ({ params }) => withApp(runners, params, () => sets.createEvalSet(params['app']!, params['set']!).pipe(map(() => null))) },
    ...['/eval_sets/:set', '/eval-sets/:set'].flatMap((path): Route[] => [
      { method: 'GET', path, handle: getSet },
      { method: 'DELETE', path, handle: deleteSet },
    ]),
    { method: 'GET', path: '/eval_sets/:set/evals', handle: ({ params }) => withApp(runners, params, () => caseIds(sets, params)) },
    ...['/eval_sets/:set/evals/:case', '/eval-sets/:set/eval-cases/:case'].flatMap((path): Route[] => [
      { method: 'GET', path, handle: getCase },
      { method: 'PUT', path, readsBody: true, handle: putCase },
      { method: 'DELETE', path, handle: deleteCase },
    ]),
    { method: 'POST', path: '/eval_sets/:set/add_session', readsBody: true, handle: addSession },
    { method: 'POST', path: '/eval-sets/:set/add-session', readsBody: true, handle: addSession },
  ];
}

function notFound(kind: 'eval set' | 'eval case', params: Params): never {
  if (kind === 'eval set') throw new EvalNotFoundError('eval set', params['set']!, params['app']!);
  throw new EvalNotFoundError('eval case', params['case']!, params['app']!, params['set']!);
}

function caseIds(sets: LocalEvalSetsManager, params: Params): Observable<string[]> {
  return sets.getEvalSet(params['app']!, params['set']!).pipe(map((set) => (set ?? notFound('eval set', params)).evalCases.map((c) => c.evalId).sort()));
}

/** `{eval_set: {eval_set_id, eval_cases?, model_execution_mode?, tool_execution_mode?}}` (either case) → the id. */
function setIdFromBody(body: unknown): string {
  const set = camelKeys(camelKeys(body, 'The body (`{"eval_set": {"eval_set_id": …}}`)')['evalSet'], 'eval_set');
  const id = set['evalSetId'];
  if (typeof id !== 'string' || id === '') throw new HttpError(400, 'eval_set.eval_set_id must be a non-empty string.');
  return id;
}

/** The case adk-web PUTs: its `evalId` is the route's when absent, and must equal it when present. */
function caseFromBody(body: unknown, evalId: string): EvalCase {
  const fields = camelKeys(body, 'The eval case');
  if (fields['evalId'] !== undefined && fields['evalId'] !== evalId) throw new HttpError(400, `The body's eval_id "${String(fields['evalId'])}" is not the route's "${evalId}".`);
  return parseEvalCase({ ...fields, evalId }, 'the eval case', 'the request body');
}

/** `add_session`: the stored session, converted as ADK converts one, becomes a new case of the set. */
function addSessionAsCase(runners: AppRunners, sets: LocalEvalSetsManager, params: Params, body: unknown): Observable<null> {
  return defer(() => {
    const fields = camelKeys(body, 'The body (`{"evalId", "sessionId", "userId"}`)');
    const [evalId, sessionId, userId] = (['evalId', 'sessionId', 'userId'] as const).map((key) => {
      const value = fields[key];
      if (typeof value !== 'string' || value === '') throw new HttpError(400, `${key} must be a non-empty string.`);
      return value;
    }) as [string, string, string];
    const appName = params['app']!;
    return runners.sessionService.getSession({ appName, userId, sessionId }).pipe(
      concatMap((session) => {
        if (!session) throw new HttpError(404, `There is no session "${sessionId}" for app "${appName}", user "${userId}".`);
        return runners.apps.load(appName).pipe(
          map((app): EvalCase => ({
            evalId,
            conversation: invocationsOfEvents(session.events),
            sessionInput: { appName, userId, state: emptyStateOf(app.rootAgent) },
            creationTimestamp: Date.now() / 1000,
          })),
        );
      }),
      concatMap((evalCase) => sets.addEvalCase(appName, params['set']!, evalCase)),
      map(() => null),
    );
  });
}
