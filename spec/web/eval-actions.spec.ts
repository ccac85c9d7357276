import { type Observable, Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import type { EvalSetResultJson } from '../../lib/evaluation/local-eval-set-results-manager.js';
import type { ApiClient } from '../../web/src/api-client.js';
import { type EvalContext, evalRuns, evalsPanel, PANEL_METRICS } from '../../web/src/eval-actions.js';
import type { EvalsView, EvalSetSummary } from '../../web/src/evals-view.js';
import type { Page } from '../../web/src/page.js';

const result = (id: string, at: number): EvalSetResultJson => ({ evalSetResultId: id, evalSetId: 'smoke', evalCaseResults: [], creationTimestamp: at });

/** A view that records what it was asked to show, with the frame. */
function recordingView(scheduler: TestScheduler, runs$: Observable<string> = new Subject<string>()) {
  const shown: string[] = [];
  const view = {
    runs$,
    resultPicks$: new Subject<string>(),
    render: (sets: readonly EvalSetSummary[], results: readonly EvalSetResultJson[]) => shown.push(`${scheduler.now()} render ${sets.map((s) => `${s.evalSetId}:${s.evalIds.length}`).join(',')} | ${results.map((r) => r.evalSetResultId).join(',')}`),
    showResult: (r: EvalSetResultJson) => shown.push(`${scheduler.now()} show ${r.evalSetResultId}`),
    reset: (message?: string) => shown.push(`${scheduler.now()} reset ${message}`),
  };
  return { view: view as unknown as EvalsView, shown };
}

function context(api: Partial<ApiClient>, view: EvalsView, evalsChanged$ = new Subject<string | undefined>()): EvalContext {
  const page = { status: { textContent: '' } } as unknown as Page;
  return { api: api as ApiClient, page, selection$: undefined as never, view, evalsChanged$ };
}

describe('the dev UI eval panel flows (marbles)', () => {
  let scheduler: TestScheduler;

  beforeEach(() => {
    scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  });

  it('loads the sets with their cases and the results for the app, then again at each change; a change naming a result shows it', () => {
    scheduler.run(({ cold, hot, flush }) => {
      const changes = hot<string | undefined>('----a---', { a: 'weather_smoke_2' });
      const evalsChanged$ = new Subject<string | undefined>();
      changes.subscribe(evalsChanged$);
      let caseLoads = 0;
      let resultLoads = 0;
      const api: Partial<ApiClient> = {
        listEvalSets: () => cold('-s|', { s: ['smoke'] }),
        listEvalCases: () => cold('-c|', { c: caseLoads++ === 0 ? ['paris'] : ['paris', 'rome'] }),
        listEvalResults: () => cold('-r|', { r: resultLoads++ === 0 ? ['weather_smoke_1'] : ['weather_smoke_1', 'weather_smoke_2'] }),
        getEvalResult: (_app: string, id: string) => cold('-x|', { x: result(id, Number(id.at(-1))) }),
      };
      const { view, shown } = recordingView(scheduler);
      evalsPanel(context(api, view, evalsChanged$), cold('a', { a: 'weather' })).subscribe();
      flush();
      // sets, then each set's cases; the results list, then each result: both done at 3; the change at 4 loads again
      expect(shown).toEqual(['3 render smoke:1 | weather_smoke_1', '7 render smoke:2 | weather_smoke_1,weather_smoke_2', '7 show weather_smoke_2']);
    });
  });

  it('a change during a load cancels it (switchMap): only the newest load renders', () => {
    scheduler.run(({ cold, hot, expectSubscriptions, flush }) => {
      const evalsChanged$ = new Subject<string | undefined>();
      hot('-a', { a: undefined }).subscribe(evalsChanged$);
      const sets = cold('---s|', { s: [] as string[] });
      const api: Partial<ApiClient> = { listEvalSets: () => sets, listEvalResults: () => cold('---r|', { r: [] as string[] }) };
      const { view, shown } = recordingView(scheduler);
      evalsPanel(context(api, view, evalsChanged$), cold('a', { a: 'weather' })).subscribe();
      flush();
      expect(shown).toEqual(['5 render  | ']);
      expectSubscriptions(sets.subscriptions).toBe(['^!', '-^---!']);
    });
  });

  it('without eval storage (an error), the panel says why, and the next change loads again', () => {
    scheduler.run(({ cold, hot, flush }) => {
      const evalsChanged$ = new Subject<string | undefined>();
      hot('---a', { a: undefined }).subscribe(evalsChanged$);
      let calls = 0;
      const api: Partial<ApiClient> = {
        listEvalSets: () => (calls++ === 0 ? cold<string[]>('-#', {}, new Error('kept in the apps\' folder')) : cold('-s|', { s: [] })),
        listEvalResults: () => cold('-r|', { r: [] as string[] }),
      };
      const { view, shown } = recordingView(scheduler);
      evalsPanel(context(api, view, evalsChanged$), cold('a', { a: 'weather' })).subscribe();
      flush();
      expect(shown).toEqual(["1 reset Evals are not available: kept in the apps' folder", '5 render  | ']);
    });
  });

  it('another app cancels the load of the previous one and loads its own', () => {
    scheduler.run(({ cold, flush }) => {
      const requested: string[] = [];
      const api: Partial<ApiClient> = {
        listEvalSets: (app: string) => (requested.push(app), cold('--s|', { s: [] as string[] })),
        listEvalResults: () => cold('--r|', { r: [] as string[] }),
      };
      const { view, shown } = recordingView(scheduler);
      evalsPanel(context(api, view), cold('a-b', { a: 'weather', b: 'hr' })).subscribe();
      flush();
      expect(requested).toEqual(['weather', 'hr']);
      expect(shown).toEqual(['5 render  | ']);
    });
  });

  it('Run: runs the set with the panel\'s metrics, then announces the newest result; a click while it runs is ignored (exhaustMap)', () => {
    scheduler.run(({ cold, hot, expectObservable, flush }) => {
      const runs = hot('-a-a------a', { a: 'smoke' });
      const calls: unknown[] = [];
      const api: Partial<ApiClient> = {
        runEval: (app: string, set: string, metrics: ReadonlyArray<{ metricName: string; threshold: number }>) => (calls.push([app, set, metrics]), cold('----x|', { x: [] })),
        listEvalResults: () => cold('-r|', { r: ['weather_smoke_1', 'weather_smoke_2'] }),
      };
      const evalsChanged$ = new Subject<string | undefined>();
      const announced: Array<string | undefined> = [];
      evalsChanged$.subscribe((id) => announced.push(id));
      const { view } = recordingView(scheduler, runs);
      expectObservable(evalRuns(context(api, view, evalsChanged$), hot('a', { a: 'weather' }))).toBe('------x--------x', { x: ['weather_smoke_1', 'weather_smoke_2'] });
      flush();
      expect(calls).toEqual([
        ['weather', 'smoke', PANEL_METRICS],
        ['weather', 'smoke', PANEL_METRICS],
      ]);
      expect(announced).toEqual(['weather_smoke_2', 'weather_smoke_2']);
    });
  });

  it('Run: a failed run says why and the panel keeps listening', () => {
    scheduler.run(({ cold, hot, flush }) => {
      const runs = hot('-a---a', { a: 'smoke' });
      let calls = 0;
      const api: Partial<ApiClient> = {
        runEval: () => (calls++ === 0 ? cold('-#', {}, new Error('The metric bleu is unknown.')) : cold('-x|', { x: [] })),
        listEvalResults: () => cold('r|', { r: ['weather_smoke_1'] }),
      };
      const ctx = context(api, recordingView(scheduler, runs).view);
      const statuses: string[] = [];
      evalRuns(ctx, hot('a', { a: 'weather' })).subscribe({ complete: () => statuses.push('completed') });
      scheduler.schedule(() => statuses.push(String(ctx.page.status.textContent)), 3);
      flush();
      expect(statuses).toEqual(['Could not run eval set smoke: The metric bleu is unknown.']);
      expect(ctx.page.status.textContent).toBe('Ran eval set smoke.');
    });
  });
});
