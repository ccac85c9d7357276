import type { Content, Part } from '@google/genai';
import { defer, map, type Observable } from 'rxjs';
import { fromFetch } from 'rxjs/fetch';
import type { EvalSetResultJson } from '../../lib/evaluation/local-eval-set-results-manager.js';
import type { Event } from '../../lib/events/event.js';
import type { LiveRequest } from '../../lib/models/live-request.js';
import type { GraphNodeStructure } from '../../lib/server/graph-structure.js';
import type { Session } from '../../lib/sessions/session.js';
import type { TraceEntry } from '../../lib/server/trace-entry.js';
import { liveSocket } from './live-socket.js';
import { parseSse } from './parse-sse.js';
import { readTextStream } from './read-text-stream.js';
import { runMessageOf, type RunMessage } from './run-message.js';

/**
 * The session a request is about.
 *
 * @example
 * ```ts
 * api.getSession({ appName: 'weather', userId: 'user', sessionId: 's1' } satisfies SessionRef);
 * ```
 */
export interface SessionRef {
  appName: string;
  userId: string;
  sessionId: string;
}

/**
 * One app of `/list-apps?detailed=true`; `error` says why an app failed to load.
 *
 * @example
 * ```ts
 * const broken: AppListing = { name: 'broken', root_agent_name: '', description: '', language: 'typescript', error: 'agent.ts does not compile: …' };
 * ```
 */
export interface AppListing {
  name: string;
  root_agent_name: string;
  description: string;
  language: string;
  error?: string;
}

/**
 * The dev server's HTTP API, each call a cold Observable (`fromFetch`: unsubscribing aborts the
 * request). Errors carry the server's `{error}` message.
 *
 * @example
 * ```ts
 * const api = new ApiClient();
 * api.listApps().subscribe((apps) => console.log(apps)); // [{ name: 'hr', … }, { name: 'broken', error: '…' }]
 * ```
 */
export class ApiClient {
  constructor(private readonly baseUrl = '') {}

  /** The apps, described (`/list-apps?detailed=true`), including those that failed to load, with their error. */
  listApps(): Observable<AppListing[]> {
    return this.json<{ apps: AppListing[] }>('GET', '/list-apps?detailed=true').pipe(map((listing) => listing.apps));
  }

  listSessions(appName: string, userId: string): Observable<Session[]> {
    return this.json<Session[]>('GET', sessionsPath(appName, userId));
  }

  createSession(appName: string, userId: string): Observable<Session> {
    return this.json<Session>('POST', sessionsPath(appName, userId), {});
  }

  getSession(ref: SessionRef): Observable<Session> {
    return this.json<Session>('GET', sessionPath(ref));
  }

  deleteSession(ref: SessionRef): Observable<unknown> {
    return this.json<unknown>('DELETE', sessionPath(ref));
  }

  getTrace(ref: SessionRef): Observable<TraceEntry[]> {
    return this.json<TraceEntry[]>('GET', `${sessionPath(ref)}/trace`);
  }

  listArtifacts(ref: SessionRef): Observable<string[]> {
    return this.json<string[]>('GET', `${sessionPath(ref)}/artifacts`);
  }

  /** The version numbers of an artifact, oldest first. */
  artifactVersions(ref: SessionRef, name: string): Observable<number[]> {
    return this.json<number[]>('GET', `${sessionPath(ref)}/artifacts/${encodeURIComponent(name)}/versions`);
  }

  /** One version of an artifact: a `Part` (`text`, or `inlineData` with base64 `data`). */
  artifactVersion(ref: SessionRef, name: string, version: number): Observable<Part> {
    return this.json<Part>('GET', `${sessionPath(ref)}/artifacts/${encodeURIComponent(name)}/versions/${version}`);
  }

  /** Appends a state-delta event (`PATCH`), as ADK's API does; the session after it. */
  patchState(ref: SessionRef, stateDelta: Record<string, unknown>): Observable<Session> {
    return this.json<Session>('PATCH', sessionPath(ref), { stateDelta });
  }

  /** The app's tree (`build_graph`'s `root_agent`): agents, tools, and a workflow's graph. */
  appGraph(appName: string): Observable<GraphNodeStructure> {
    return this.json<{ root_agent: GraphNodeStructure }>('GET', `/dev/apps/${encodeURIComponent(appName)}/build_graph`).pipe(map((info) => info.root_agent));
  }

  /** The attributes of the span behind an event (its model call or tool call); 404 when none is kept. */
  eventSpan(ref: SessionRef, eventId: string): Observable<Record<string, unknown>> {
    return this.json<Record<string, unknown>>('GET', `/dev/apps/${encodeURIComponent(ref.appName)}/debug/trace/${encodeURIComponent(eventId)}`);
  }

  /** The app's eval-set ids (`GET /dev/apps/{app}/eval_sets`), sorted. */
  listEvalSets(appName: string): Observable<string[]> {
    return this.json<string[]>('GET', `${evalsPath(appName)}/eval_sets`);
  }

  /** Creates an empty eval set (`POST /dev/apps/{app}/eval-sets`, adk-web's body). */
  createEvalSet(appName: string, evalSetId: string): Observable<unknown> {
    return this.json<unknown>('POST', `${evalsPath(appName)}/eval-sets`, { eval_set: { eval_set_id: evalSetId, eval_cases: [] } });
  }

  /** The case ids of a set, sorted. */
  listEvalCases(appName: string, evalSetId: string): Observable<string[]> {
    return this.json<string[]>('GET', `${evalsPath(appName)}/eval_sets/${encodeURIComponent(evalSetId)}/evals`);
  }

  /** Saves a stored session as a case of a set (`add_session`). */
  addSessionToEvalSet(ref: SessionRef, evalSetId: string, evalId: string): Observable<unknown> {
    return this.json<unknown>('POST', `${evalsPath(ref.appName)}/eval_sets/${encodeURIComponent(evalSetId)}/add_session`, { evalId, sessionId: ref.sessionId, userId: ref.userId });
  }

  /** Runs a set's cases (all of them) with these metrics (`run_eval`); the result is stored in the app's eval history. */
  runEval(appName: string, evalSetId: string, evalMetrics: ReadonlyArray<{ metricName: string; threshold: number }>): Observable<unknown> {
    return this.json<unknown>('POST', `${evalsPath(appName)}/eval_sets/${encodeURIComponent(evalSetId)}/run_eval`, { evalIds: [], evalMetrics });
  }

  /** The ids of the app's stored results, oldest first. */
  listEvalResults(appName: string): Observable<string[]> {
    return this.json<string[]>('GET', `${evalsPath(appName)}/eval_results`);
  }

  /** One stored result. */
  getEvalResult(appName: string, resultId: string): Observable<EvalSetResultJson> {
    return this.json<EvalSetResultJson>('GET', `${evalsPath(appName)}/eval_results/${encodeURIComponent(resultId)}`);
  }

  /**
   * One turn over `POST /run_sse` with streaming and trace on: the events and hooks as they
   * happen. Unsubscribing closes the connection, which cancels the run on the server.
   */
  run(ref: SessionRef, newMessage: Content): Observable<RunMessage> {
    return this.runSse({ ...ref, newMessage, streaming: true, trace: true });
  }

  /**
   * Resumes an unfinished invocation of a resumable app over `POST /run_sse` (`invocationId`, no
   * new message), streamed like {@link run}.
   */
  resume(ref: SessionRef, invocationId: string): Observable<RunMessage> {
    return this.runSse({ ...ref, invocationId, streaming: true, trace: true });
  }

  /**
   * A live conversation with the session over `WS /run_live` with text responses (see
   * {@link liveSocket}): `requests` go out, the events come back as they happen.
   */
  live(ref: SessionRef, requests: Observable<LiveRequest>): Observable<Event> {
    const query = new URLSearchParams({ app_name: ref.appName, user_id: ref.userId, session_id: ref.sessionId, modalities: 'TEXT' });
    const url = new URL(`${this.baseUrl}/run_live?${query}`, globalThis.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return liveSocket(url.href, requests);
  }

  private runSse(request: Record<string, unknown>): Observable<RunMessage> {
    const body = JSON.stringify(request);
    return fromFetch(`${this.baseUrl}/run_sse`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      selector: (response) => (response.ok && response.body ? readTextStream(response.body) : failure(response)),
    }).pipe(parseSse(), map(runMessageOf));
  }

  private json<T>(method: string, path: string, body?: unknown): Observable<T> {
    return fromFetch(`${this.baseUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      selector: (response) => (response.ok ? readJson<T>(response) : failure(response)),
    });
  }
}

function evalsPath(appName: string): string {
  return `/dev/apps/${encodeURIComponent(appName)}`;
}

function sessionsPath(appName: string, userId: string): string {
  return `/apps/${encodeURIComponent(appName)}/users/${encodeURIComponent(userId)}/sessions`;
}

function sessionPath(ref: SessionRef): string {
  return `${sessionsPath(ref.appName, ref.userId)}/${encodeURIComponent(ref.sessionId)}`;
}

function readJson<T>(response: Response): Observable<T> {
  return defer(() => response.text()).pipe(map((text) => (text ? (JSON.parse(text) as T) : (undefined as T))));
}

/** An error with the server's `{error}` message (or the status line). */
function failure(response: Response): Observable<never> {
  return defer(() => response.text()).pipe(
    map((text) => {
      throw new Error(errorMessageOf(text) ?? `${response.status} ${response.statusText}`);
    }),
  );
}

function errorMessageOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}
