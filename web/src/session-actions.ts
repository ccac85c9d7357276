import { type BehaviorSubject, catchError, concatMap, EMPTY, exhaustMap, filter, forkJoin, fromEvent, map, type Observable, tap } from 'rxjs';
import type { ApiClient, SessionRef } from './api-client.js';
import { ask } from './ask.js';
import type { Page } from './page.js';
import { displayNameDelta, displayNameOf } from './session-display-name.js';
import type { SessionPanelView } from './session-panel-view.js';

/**
 * What the session buttons (Delete, Rename) work with: the API, the page, the open session
 * (`selection$`), the session panel, and a callback that refreshes the session list.
 *
 * @example
 * ```ts
 * const context: SessionActionContext = { api, page, selection$, details, listChanged: () => listChanged$.next() };
 * ```
 */
export interface SessionActionContext {
  api: ApiClient;
  page: Page;
  selection$: BehaviorSubject<SessionRef | undefined>;
  details: SessionPanelView;
  listChanged: () => void;
}

/**
 * "Delete": asks in an in-page dialog (`ask`), then deletes the open session and closes it;
 * Cancel leaves it as it is.
 *
 * @example
 * ```ts
 * deletions(context).subscribe();
 * ```
 */
export function deletions(context: SessionActionContext): Observable<unknown> {
  const { api, page, selection$ } = context;
  return fromEvent(page.deleteSession, 'click').pipe(
    map(() => selection$.value),
    filter((ref): ref is SessionRef => ref !== undefined),
    exhaustMap((ref) =>
      ask(document, { title: 'Delete this session?', message: `${ref.sessionId}: its events, state and artifacts are deleted for good.`, confirm: 'Delete' }).pipe(
        concatMap(() => api.deleteSession(ref)),
        catchError(() => EMPTY),
      ),
    ),
    tap(() => {
      selection$.next(undefined);
      context.listChanged();
    }),
  );
}

/**
 * "Rename": asks for a display name and stores it in the session's state, as adk-web does
 * (`__session_metadata__.displayName`, a `PATCH` with a state delta); the list then shows it.
 *
 * @example
 * ```ts
 * renames(context).subscribe();
 * ```
 */
export function renames(context: SessionActionContext): Observable<unknown> {
  const { api, page, selection$ } = context;
  return fromEvent(page.renameSession, 'click').pipe(
    map(() => selection$.value),
    filter((ref): ref is SessionRef => ref !== undefined),
    exhaustMap((ref) =>
      api.getSession(ref).pipe(
        concatMap((session) =>
          ask(document, { title: 'Rename this session', message: session.id, confirm: 'Rename', input: displayNameOf(session) ?? '' }).pipe(
            map((name) => name.trim()),
            filter((name) => name !== ''),
            concatMap((name) => forkJoin({ session: api.patchState(ref, displayNameDelta(session, name)), artifacts: api.listArtifacts(ref) })),
          ),
        ),
        catchError((error: unknown) => {
          page.status.textContent = `Could not rename: ${String(error)}`;
          return EMPTY;
        }),
      ),
    ),
    tap(({ session, artifacts }) => {
      context.details.render(session, artifacts);
      context.listChanged();
    }),
  );
}
