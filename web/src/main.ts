/**
 * The rxadk dev UI: pick an app and a session, chat with streaming text, and watch each turn's
 * event timeline. Every flow is an Observable:
 *
 * ```
 * apps ─► app picker ─┐
 * user id ────────────┴► scope ─► session list (refreshed after each turn)
 * list clicks / "New" ─► selection ─switchMap─► openSession: history, then turns (Stop = takeUntil)
 * ```
 */
import { BehaviorSubject, catchError, combineLatest, distinctUntilChanged, EMPTY, exhaustMap, filter, fromEvent, map, merge, type Observable, of, shareReplay, startWith, Subject, switchMap, tap, withLatestFrom } from 'rxjs';
import { ApiClient, type SessionRef } from './api-client.js';
import { ChatView } from './chat-view.js';
import { fillAppOptions, findPage, type Page, setBusy, setSessionOpen } from './page.js';
import { openSession, type SessionScreenParts } from './session-screen.js';
import { SessionListView } from './session-list-view.js';
import { SessionPanelView } from './session-panel-view.js';
import { TimelineView } from './timeline-view.js';

/** The app and user whose sessions are listed. */
interface Scope {
  appName: string;
  userId: string;
}

const page = findPage(document);
const api = new ApiClient();
const list = new SessionListView(page.sessionList);
const selection$ = new BehaviorSubject<SessionRef | undefined>(undefined);
const listChanged$ = new Subject<void>();
const parts: SessionScreenParts = {
  api,
  page,
  chat: new ChatView(page.chatLog),
  timeline: new TimelineView(page.timeline),
  details: new SessionPanelView(page.details),
  afterTurn: () => listChanged$.next(),
};

const scope$ = scopeOf(page);

merge(
  fromEvent(page.composer, 'submit').pipe(tap((submit) => submit.preventDefault())),
  scope$.pipe(tap(() => selection$.next(undefined))),
  sessionList(scope$),
  list.picks$.pipe(withLatestFrom(scope$), tap(([sessionId, scope]) => selection$.next({ ...scope, sessionId }))),
  partialRowsToggle(),
  newSessions(scope$),
  deletions(),
  selection$.pipe(distinctUntilChanged(sameSession), switchMap(showSelection)),
).subscribe();

/** The chosen app (the first one at start) and user id. */
function scopeOf(page: Page): Observable<Scope> {
  const app$ = api.listApps().pipe(
    tap((apps) => fillAppOptions(page, apps)),
    switchMap((apps) =>
      fromEvent(page.appSelect, 'change').pipe(
        map(() => page.appSelect.value),
        startWith(apps.find((app) => !app.error)?.name ?? ''),
      ),
    ),
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

/** "Delete": deletes the open session. */
function deletions(): Observable<unknown> {
  return fromEvent(page.deleteSession, 'click').pipe(
    map(() => selection$.value),
    filter((ref): ref is SessionRef => ref !== undefined),
    exhaustMap((ref) => api.deleteSession(ref).pipe(catchError(() => EMPTY))),
    tap(() => {
      selection$.next(undefined);
      listChanged$.next();
    }),
  );
}

/** Opens the selected session (cancelling whatever the previous one was doing), or shows none. */
function showSelection(ref: SessionRef | undefined): Observable<unknown> {
  list.select(ref?.sessionId);
  setBusy(page, false);
  setSessionOpen(page, ref !== undefined);
  if (ref) return openSession(ref, parts);
  parts.chat.reset('Create a session (+ New) or pick one to start chatting.');
  parts.timeline.reset('The event timeline of each turn shows here.');
  parts.details.reset('No session open.');
  return of(undefined);
}

function userIdOf(page: Page): string {
  return page.userInput.value.trim() || 'user';
}

function sameSession(a: SessionRef | undefined, b: SessionRef | undefined): boolean {
  return a?.appName === b?.appName && a?.userId === b?.userId && a?.sessionId === b?.sessionId;
}
