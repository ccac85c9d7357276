import { filter, fromEvent, map, type Observable, share } from 'rxjs';
import type { EvalSetResultJson } from '../../lib/evaluation/local-eval-set-results-manager.js';
import { clear, h } from './dom.js';

/**
 * An eval set as the panel lists it: its id and its case ids.
 *
 * @example
 * ```ts
 * const set: EvalSetSummary = { evalSetId: 'smoke', evalIds: ['paris', 'rome'] };
 * ```
 */
export interface EvalSetSummary {
  evalSetId: string;
  evalIds: string[];
}

/** ADK's numeric statuses as words. */
const STATUS = new Map<unknown, string>([
  [1, 'PASSED'],
  [2, 'FAILED'],
  [3, 'NOT EVALUATED'],
]);

/** One metric of a case result, as stored. */
interface MetricResult {
  metricName?: string;
  score?: number | null;
  threshold?: number;
  evalStatus?: number;
}

/**
 * The app's evals: its eval sets (with their cases and a Run button each, {@link runs$}) and the
 * results of past runs, newest first (a click on one, {@link resultPicks$}, shows it:
 * {@link showResult}): each case's status (and the reason of one not evaluated), and each
 * metric's score, threshold and pass/fail.
 *
 * @example
 * ```ts
 * const evals = new EvalsView(document.querySelector('#evals')!);
 * evals.render([{ evalSetId: 'smoke', evalIds: ['paris'] }], results);
 * evals.resultPicks$.subscribe((id) => evals.showResult(results.find((r) => r.evalSetResultId === id)!));
 * ```
 */
export class EvalsView {
  /** The set whose Run button was clicked. */
  readonly runs$: Observable<string>;
  /** The result clicked. */
  readonly resultPicks$: Observable<string>;
  private detail: HTMLElement | undefined;

  constructor(private readonly root: HTMLElement) {
    const clicked = (attribute: string) =>
      fromEvent<MouseEvent>(root, 'click').pipe(
        map((click) => (click.target instanceof Element ? click.target.closest<HTMLElement>(`[${attribute}]`)?.getAttribute(attribute) ?? undefined : undefined)),
        filter((id): id is string => id !== undefined),
        share(),
      );
    this.runs$ = clicked('data-run-set');
    this.resultPicks$ = clicked('data-eval-result');
  }

  reset(placeholder?: string): void {
    this.detail = undefined;
    clear(this.root, placeholder);
  }

  /** Lists the sets and the results (newest first). */
  render(sets: readonly EvalSetSummary[], results: readonly EvalSetResultJson[]): void {
    clear(this.root);
    this.detail = h('div', { class: 'eval-result', 'data-testid': 'eval-result' });
    this.root.append(
      h('h3', {}, 'Eval sets'),
      sets.length === 0
        ? h('p', { class: 'placeholder', 'data-testid': 'eval-sets' }, 'none: save a session as an eval case')
        : h('ul', { class: 'eval-sets', 'data-testid': 'eval-sets' }, ...sets.map(setItem)),
      h('h3', {}, 'Results'),
      results.length === 0
        ? h('p', { class: 'placeholder', 'data-testid': 'eval-results' }, 'none yet')
        : h('ul', { class: 'eval-results', 'data-testid': 'eval-results' }, ...[...results].sort((a, b) => b.creationTimestamp - a.creationTimestamp).map(resultItem)),
      this.detail,
    );
  }

  /** Shows one result: per case, its status and its metrics' scores. */
  showResult(result: EvalSetResultJson): void {
    const detail = this.detail ?? this.root;
    this.root.querySelectorAll<HTMLElement>('[data-eval-result]').forEach((item) => item.classList.toggle('selected', item.getAttribute('data-eval-result') === result.evalSetResultId));
    detail.replaceChildren(
      h('h3', {}, `${result.evalSetId} · ${timeOf(result.creationTimestamp)}`),
      h('table', { class: 'eval-cases' },
        h('thead', {}, h('tr', {}, h('th', {}, 'metric'), h('th', {}, 'score'), h('th', {}, 'threshold'), h('th', {}, ''))),
        h('tbody', {}, ...result.evalCaseResults.flatMap(caseRows))),
    );
  }
}

function setItem(set: EvalSetSummary): HTMLElement {
  return h('li', { 'data-eval-set': set.evalSetId },
    h('span', { class: 'name' }, set.evalSetId),
    h('span', { class: 'muted', title: set.evalIds.join(', ') }, ` ${set.evalIds.length} case${set.evalIds.length === 1 ? '' : 's'} `),
    h('button', { type: 'button', class: 'quiet', 'data-run-set': set.evalSetId, 'data-testid': 'run-eval-set', disabled: set.evalIds.length === 0 ? '' : undefined }, 'Run'));
}

function resultItem(result: EvalSetResultJson): HTMLElement {
  const statuses = result.evalCaseResults.map((c) => c['finalEvalStatus']);
  const passed = statuses.filter((s) => s === 1).length;
  const verdict = passed === statuses.length ? 'pass' : 'fail';
  return h('li', {},
    h('button', { type: 'button', class: `link ${verdict}`, 'data-eval-result': result.evalSetResultId, 'data-testid': 'eval-result-item' },
      `${result.evalSetId} · ${passed}/${statuses.length} passed · ${timeOf(result.creationTimestamp)}`));
}

/** A row naming the case and its status, then one row per metric (score, threshold, pass/fail); the reason when it has no metric. */
function caseRows(caseResult: Record<string, unknown>): HTMLElement[] {
  const evalId = String(caseResult['evalId'] ?? '');
  const status = statusOf(caseResult['finalEvalStatus']);
  const metrics = (caseResult['overallEvalMetricResults'] as MetricResult[] | undefined) ?? [];
  const reason = caseResult['reason'];
  const header = h('tr', { class: 'case-row', 'data-case': evalId },
    h('th', { colspan: '4' }, evalId, ' ', h('span', { class: status.tone }, status.word), typeof reason === 'string' ? h('div', { class: 'reason' }, reason) : undefined));
  return [
    header,
    ...metrics.map((metric) => {
      const metricStatus = statusOf(metric.evalStatus);
      return h('tr', { 'data-eval-id': evalId, 'data-metric': metric.metricName ?? '' },
        h('td', { class: 'metric' }, metric.metricName ?? ''),
        h('td', { class: 'score' }, typeof metric.score === 'number' ? metric.score.toFixed(4) : '—'),
        h('td', {}, metric.threshold === undefined ? '' : String(metric.threshold)),
        h('td', { class: metricStatus.tone }, metricStatus.word));
    }),
  ];
}

function statusOf(status: unknown): { word: string; tone: string } {
  const word = STATUS.get(status) ?? 'NOT EVALUATED';
  return { word, tone: word === 'PASSED' ? 'pass' : word === 'FAILED' ? 'fail' : 'muted' };
}

function timeOf(seconds: number): string {
  return new Date(seconds * 1000).toLocaleTimeString();
}
