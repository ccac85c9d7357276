/**
 * The rxadk dev UI: pick an app and a session, chat with streaming text, and watch each turn's
 * event timeline. Every flow is an Observable:
 *
 * ```
 * apps ─► app picker ─┐
 * user id ────────────┴► scope ─► session list (refreshed after each turn)
 * list clicks / "New" / the URL ─► selection ─switchMap─► openSession: history, then turns (Stop = takeUntil)
 *                no selection ─switchMap─► the first message typed ─► a new session (selection) that sends it
 * scope + selection ─► the URL (?app=&session=), so a reload reopens the session
 * app ─► evals panel (sets, results; reloaded on "Save as eval case" and after a Run)
 * ```
 */
import { BehaviorSubject, catchError, combineLatest, distinctUntilChanged, EMPTY, exhaustMap, filter, fromEvent, map, merge, type Observable, of, shareReplay, startWith, Subject, switchMap, take, tap, withLatestFrom } from 'rxjs';
import { ApiClient, type SessionRef } from './api-client.js';
import { viewArtifact } from './artifact-view.js';
import { inspectMessage } from './inspect-message.js';
import { ChatView } from './chat-view.js';
import { deepLinkSearch, readDeepLink } from './deep-link.js';
import { evalCaseSaves, type EvalContext, evalResultViews, evalRuns, evalsPanel } from './eval-actions.js';
import { EvalsView } from './evals-view.js';
import { eventLights } from '../../lib/server/event-lights.js';
import { START_NODE_NAME, type GraphNodeStructure } from '../../lib/server/graph-structure.js';
import { GraphView } from './graph-view.js';
import { fillAppOptions, findPage, type Page, setBusy, setSessionOpen } from './page.js';
import { deletions, renames, type SessionActionContext } from './session-actions.js';
import { openSession, type SessionScreenParts } from './session-screen.js';
import { type SessionSelection, sessionsFromFirstMessage } from './sessions-from-first-message.js';
import { SessionListView } from './session-list-view.js';
import { SessionPanelView } from './session-panel-view.js';
import { type Inspection, TimelineView } from './timeline-view.js';

/** The app and user whose sessions are listed. */
interface Scope {
  appName: string;
  userId: string;
}

const page = findPage(document);
const link = readDeepLink(location.search);
if (link.user) page.userInput.value = link.user;
const api = new ApiClient();
const list = new SessionListView(page.sessionList);
const selection$ = new BehaviorSubject<SessionSelection | undefined>(undefined);
const listChanged$ = new Subject<void>();
const parts: SessionScreenParts = {
  api,
  page,
  chat: new ChatView(page.chatLog),
  timeline: new TimelineView(page.timeline),
  details: new SessionPanelView(page.details),
  afterTurn: () => listChanged$.next(),
  rootName: () => graph$.value?.name,
};

const graph = new GraphView(page.graph);
const graph$ = new BehaviorSubject<GraphNodeStructure | undefined>(undefined);

const actions: SessionActionContext = { api, page, selection$, details: parts.details, listChanged: () => listChanged$.next() };
const evals: EvalContext = { api, page, selection$, view: new EvalsView(page.evals), evalsChanged$: new Subject<string | undefined>() };
const scope$ = scopeOf(page);
const appName$ = scope$.pipe(map((scope) => scope.appName), distinctUntilChanged(), shareReplay({ bufferSize: 1, refCount: true }));

merge(
  fromEvent(page.composer, 'submit').pipe(tap((submit) => submit.preventDefault())),
  scope$.pipe(tap(() => selection$.next(undefined))),
  linkedSession(scope$),
  urlOf(scope$),
  sessionList(scope$),
  list.picks$.pipe(withLatestFrom(scope$), tap(([sessionId, scope]) => selection$.next({ ...scope, sessionId }))),
  partialRowsToggle(),
  newSessions(scope$),
  deletions(actions),
  renames(actions),
  evalCaseSaves(evals),
  evalsPanel(evals, appName$),
  evalRuns(evals, appName$),
  evalResultViews(evals, appName$),
  artifactViews(),
  appGraphs(scope$),
  inspections(),
  selection$.pipe(distinctUntilChanged(sameSession), switchMap(showSelection)),
).subscribe();

/** The chosen app (at start, the one the URL names, else the first) and user id. */
function scopeOf(page: Page): Observable<Scope> {
  const app$ = api.listApps().pipe(
    tap((apps) => fillAppOptions(page, apps)),
    map((apps) => apps.find((app) => app.name === link.app && !app.error)?.name ?? apps.find((app) => !app.error)?.name ?? ''),
    tap((first) => (page.appSelect.value = first)),
    switchMap((first) => fromEvent(page.appSelect, 'change').pipe(map(() => page.appSelect.value), startWith(first))),
    catchError((error: unknown) => {
      page.status.textContent = `Could not list the apps: ${String(error)}`;
      return EMPTY;
    }),
  );
  const user$ = fromEvent(page.userInput, 'change').pipe(map(() => userIdOf(page)), startWith(userIdOf(page)));
  return combineLatest([app$, user$]).pipe(
    map(([appName, userId]) => ({ appName, userId })),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}

/** The sessions of the scope, listed again whenever they change. */
function sessionList(scope$: Observable<Scope>): Observable<unknown> {
  return scope$.pipe(
    switchMap((scope) => listChanged$.pipe(startWith(undefined), switchMap(() => api.listSessions(scope.appName, scope.userId)))),
    tap((sessions) => list.render(sessions, selection$.value?.sessionId)),
    catchError((error: unknown) => {
      page.status.textContent = String(error);
      return EMPTY;
    }),
  );
}

/** The "streamed chunks" checkbox shows or hides the timeline rows of partial events. */
function partialRowsToggle(): Observable<unknown> {
  return fromEvent(page.showPartials, 'change').pipe(
    startWith(undefined),
    tap(() => page.timeline.classList.toggle('hide-partials', !page.showPartials.checked)),
  );
}

/** "New": creates a session and opens it. */
function newSessions(scope$: Observable<Scope>): Observable<unknown> {
  return fromEvent(page.newSession, 'click').pipe(
    withLatestFrom(scope$),
    exhaustMap(([, scope]) => api.createSession(scope.appName, scope.userId).pipe(catchError(() => EMPTY))),
    tap((session) => {
      selection$.next({ appName: session.appName, userId: session.userId, sessionId: session.id });
      listChanged$.next();
    }),
  );
}

/** The session the URL names, opened once the app it belongs to is chosen. */
function linkedSession(scope$: Observable<Scope>): Observable<unknown> {
  return scope$.pipe(
    take(1),
    filter((scope) => link.session !== undefined && scope.appName === link.app),
    tap((scope) => selection$.next({ ...scope, sessionId: link.session! })),
  );
}

/** Keeps the URL naming the app and the open session (`history.replaceState`: no extra history entries). */
function urlOf(scope$: Observable<Scope>): Observable<unknown> {
  return combineLatest([scope$, selection$]).pipe(
    map(([scope, ref]) => deepLinkSearch({ app: scope.appName, user: scope.userId, session: ref?.sessionId })),
    distinctUntilChanged(),
    tap((search) => history.replaceState(null, '', `${location.pathname}${search}`)),
  );
}

/** A click on an artifact shows it, with its versions (until another is picked or the session changes). */
function artifactViews(): Observable<unknown> {
  return parts.details.artifactPicks$.pipe(
    withLatestFrom(selection$),
    filter((pick): pick is [string, SessionRef] => pick[1] !== undefined),
    switchMap(([name, ref]) => viewArtifact(api, ref, name, parts.details.viewer())),
  );
}

/** The chosen app's graph (`build_graph`), drawn again when another app is picked. */
function appGraphs(scope$: Observable<Scope>): Observable<unknown> {
  return scope$.pipe(
    map((scope) => scope.appName),
    distinctUntilChanged(),
    switchMap((appName) => (appName ? api.appGraph(appName).pipe(catchError(() => of(undefined))) : of(undefined))),
    tap((structure) => {
      graph$.next(structure);
      graph.show(structure, 'This app has no graph to show.');
    }),
  );
}

/**
 * A click on a timeline row opens it in the inspector: raw JSON, then its model or tool call; an
 * event's row also lights its node in the graph (a workflow event's by its `nodeInfo.path`).
 */
function inspections(): Observable<unknown> {
  return parts.timeline.inspects$.pipe(
    withLatestFrom(graph$),
    tap(([{ message }, structure]) => {
      if (!structure) return;
      if (message.kind === 'event') graph.light(eventLights(structure, message.event));
      else graph.light(message.kind === 'user' && structure.type === 'workflow' ? { path: START_NODE_NAME } : {});
    }),
    map(([inspection]) => inspection),
    withLatestFrom(selection$),
    filter((pick): pick is [Inspection, SessionRef] => pick[1] !== undefined),
    switchMap(([inspection, ref]) => inspectMessage(api, ref, inspection, page.inspector)),
  );
}

/**
 * Opens the selected session (cancelling whatever the previous one was doing); with none, the
 * first message typed creates one and is sent in it.
 */
function showSelection(ref: SessionSelection | undefined): Observable<unknown> {
  list.select(ref?.sessionId);
  setBusy(page, false);
  setSessionOpen(page, ref !== undefined);
  if (ref) return openSession(ref, parts, ref.firstMessage);
  parts.chat.reset('Type a message to start a new session, or pick one (+ New creates an empty one).');
  parts.timeline.reset('The event timeline of each turn shows here.');
  parts.details.reset('No session open.');
  return sessionsFromFirstMessage(parts, scope$).pipe(
    tap((selection) => {
      selection$.next(selection);
      listChanged$.next();
    }),
  );
}

function userIdOf(page: Page): string {
  return page.userInput.value.trim() || 'user';
}

function sameSession(a: SessionRef | undefined, b: SessionRef | undefined): boolean {
  return a?.appName === b?.appName && a?.userId === b?.userId && a?.sessionId === b?.sessionId;
}
