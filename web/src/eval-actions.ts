import { type BehaviorSubject, catchError, concat, concatMap, EMPTY, exhaustMap, filter, forkJoin, fromEvent, ignoreElements, last, map, type Observable, of, startWith, type Subject, switchMap, tap, withLatestFrom } from 'rxjs';
import type { ApiClient, SessionRef } from './api-client.js';
import { ask } from './ask.js';
import type { EvalsView, EvalSetSummary } from './evals-view.js';
import type { Page } from './page.js';

/**
 * What the eval panel works with: the API, the page, the open session, the panel's view, and
 * `evalsChanged$`, on which a change is announced (with the id of a result to show, if any).
 *
 * @example
 * ```ts
 * const context: EvalContext = { api, page, selection$, view: new EvalsView(page.evals), evalsChanged$: new Subject() };
 * ```
 */
export interface EvalContext {
  api: ApiClient;
  page: Page;
  selection$: BehaviorSubject<SessionRef | undefined>;
  view: EvalsView;
  evalsChanged$: Subject<string | undefined>;
}

/** The metrics a run from the panel scores, with ADK's default thresholds. */
export const PANEL_METRICS = [
  { metricName: 'tool_trajectory_avg_score', threshold: 1 },
  { metricName: 'response_match_score', threshold: 0.8 },
] as const;

/**
 * "Save as eval case": asks for the eval set (the last one by default; a new id creates it) and
 * the case id (from the session id), then saves the open session as a case of that set
 * (`add_session`): the panel then lists it.
 *
 * @example
 * ```ts
 * evalCaseSaves(context).subscribe();
 * ```
 */
export function evalCaseSaves(context: EvalContext): Observable<unknown> {
  const { api, page, selection$ } = context;
  return fromEvent(page.saveEvalCase, 'click').pipe(
    map(() => selection$.value),
    filter((ref): ref is SessionRef => ref !== undefined),
    exhaustMap((ref) =>
      api.listEvalSets(ref.appName).pipe(
        concatMap((sets) =>
          ask(document, { title: 'Save this session as an eval case', message: 'Eval set (letters, digits and _; a new name creates the set):', confirm: 'Next', input: sets.at(-1) ?? 'eval_set_1' }).pipe(
            map((setId) => ({ sets, setId: setId.trim() })),
          ),
        ),
        concatMap(({ sets, setId }) =>
          ask(document, { title: `A case of ${setId}`, message: 'Case id:', confirm: 'Save', input: caseIdOf(ref.sessionId) }).pipe(
            concatMap((evalId) =>
              concat(sets.includes(setId) ? EMPTY : api.createEvalSet(ref.appName, setId).pipe(ignoreElements()), api.addSessionToEvalSet(ref, setId, evalId.trim())).pipe(
                last(),
                map(() => `Saved this session as eval case ${evalId.trim()} of ${setId}.`),
              ),
            ),
          ),
        ),
        tap((saved) => {
          page.status.textContent = saved;
          context.evalsChanged$.next(undefined);
        }),
        catchError((error: unknown) => {
          page.status.textContent = `Could not save the eval case: ${error instanceof Error ? error.message : String(error)}`;
          return EMPTY;
        }),
      ),
    ),
  );
}

/**
 * The panel of the chosen app: its sets (with their cases) and results, loaded again at each
 * change; a change naming a result shows it. Without eval storage (501) the panel says why.
 *
 * @example
 * ```ts
 * evalsPanel(context, appName$).subscribe();
 * ```
 */
export function evalsPanel(context: EvalContext, appName$: Observable<string>): Observable<unknown> {
  const { api, view } = context;
  return appName$.pipe(
    switchMap((appName) =>
      context.evalsChanged$.pipe(
        startWith(undefined),
        switchMap((show) =>
          forkJoin({ sets: setsOf(api, appName), results: resultsOf(api, appName) }).pipe(
            tap(({ sets, results }) => view.render(sets, results)),
            concatMap(({ results }) => of(results.find((result) => result.evalSetResultId === show)).pipe(filter((result) => result !== undefined))),
            tap((result) => view.showResult(result)),
            catchError((error: unknown) => {
              view.reset(`Evals are not available: ${error instanceof Error ? error.message : String(error)}`);
              return EMPTY;
            }),
          ),
        ),
      ),
    ),
  );
}

/**
 * A Run button runs its set with {@link PANEL_METRICS}; the panel then shows the new result.
 *
 * @example
 * ```ts
 * evalRuns(context, appName$).subscribe();
 * ```
 */
export function evalRuns(context: EvalContext, appName$: Observable<string>): Observable<unknown> {
  const { api, page, view } = context;
  return view.runs$.pipe(
    withLatestFrom(appName$),
    exhaustMap(([setId, appName]) => {
      page.status.textContent = `running eval set ${setId}…`;
      return api.runEval(appName, setId, PANEL_METRICS).pipe(
        concatMap(() => api.listEvalResults(appName)),
        tap((ids) => {
          page.status.textContent = `Ran eval set ${setId}.`;
          context.evalsChanged$.next(ids.at(-1));
        }),
        catchError((error: unknown) => {
          page.status.textContent = `Could not run eval set ${setId}: ${error instanceof Error ? error.message : String(error)}`;
          return EMPTY;
        }),
      );
    }),
  );
}

/**
 * A click on a result shows it.
 *
 * @example
 * ```ts
 * evalResultViews(context, appName$).subscribe();
 * ```
 */
export function evalResultViews(context: EvalContext, appName$: Observable<string>): Observable<unknown> {
  return context.view.resultPicks$.pipe(
    withLatestFrom(appName$),
    switchMap(([id, appName]) => context.api.getEvalResult(appName, id).pipe(catchError(() => EMPTY))),
    tap((result) => context.view.showResult(result)),
  );
}

function setsOf(api: ApiClient, appName: string): Observable<EvalSetSummary[]> {
  return api.listEvalSets(appName).pipe(
    concatMap((ids) => (ids.length === 0 ? of([]) : forkJoin(ids.map((evalSetId) => api.listEvalCases(appName, evalSetId).pipe(map((evalIds) => ({ evalSetId, evalIds }))))))),
  );
}

function resultsOf(api: ApiClient, appName: string) {
  return api.listEvalResults(appName).pipe(
    map((ids) => ids.slice(-10)),
    concatMap((ids) => (ids.length === 0 ? of([]) : forkJoin(ids.map((id) => api.getEvalResult(appName, id))))),
  );
}

/** A case id from a session id: ADK's characters only. */
function caseIdOf(sessionId: string): string {
  return `case_${sessionId.replace(/[^A-Za-z0-9_]/g, '').slice(0, 8)}`;
}
