// The distribution of the single-session turns run and issue 16's targets on it.
import { fmt, table, times } from './report.js';
import { statsOf, type TurnsRun } from './scenarios/turns.js';

/** One row of the "SPEC §14 targets" summary: target, measured, MET / NOT MET. */
export type TargetRow = [string, string, string];

/**
 * Mean, median and p99 µs per turn, p99 ÷ median, GC share and RSS of each single-session run.
 *
 * @example
 * ```ts
 * console.log(distributionTable(result.single, 50));
 * ```
 */
export function distributionTable(runs: readonly TurnsRun[], window: number): string {
  const rows = runs.map((run) => {
    const s = statsOf(run, window);
    return [
      run.framework,
      fmt(s.usPerTurn, 1),
      fmt(s.medianMs * 1000, 1),
      fmt(s.p99Ms * 1000, 1),
      times(s.p99Ms / s.medianMs),
      `${fmt(100 * s.gcShare, 1)} %`,
      fmt(run.rssBytes / 1e6, 0),
    ];
  });
  return table(['framework', 'mean µs', 'median µs', 'p99 µs', 'p99÷median', 'GC share', 'RSS MB'], rows);
}

const met = (ok: boolean): string => (ok ? 'MET' : 'NOT MET');

/**
 * Issue 16's targets on rxadk's single-session run: p99 ≤ 3× the median, GC share ≤ 5 %,
 * growth ≤ 1.3×, and (when it ran) ≥ 50× below @google/adk. When the plain-JS floor ran, its own
 * p99 ÷ median and GC share are shown beside rxadk's: what the same work costs with no framework.
 *
 * @example
 * ```ts
 * summary.push(...distributionTargets(ours, adkRun, 50, floorRun));
 * ```
 */
export function distributionTargets(ours: TurnsRun, adk: TurnsRun | undefined, window: number, floor?: TurnsRun): TargetRow[] {
  const s = statsOf(ours, window);
  const f = floor && statsOf(floor, window);
  const floorNote = (text: string): string => (f ? ` (the floor: ${text})` : '');
  const rows: TargetRow[] = [
    [
      'p99 turn ≤ 3× the median',
      `rxadk ${times(s.p99Ms / s.medianMs)} (${fmt(s.p99Ms * 1000, 0)} ÷ ${fmt(s.medianMs * 1000, 0)} µs)${floorNote(f ? times(f.p99Ms / f.medianMs) : '')}`,
      met(s.p99Ms <= 3 * s.medianMs),
    ],
    ['GC share ≤ 5 %', `rxadk ${fmt(100 * s.gcShare, 1)} %${floorNote(f ? `${fmt(100 * f.gcShare, 1)} %` : '')}`, met(s.gcShare <= 0.05)],
    [`growth ≤ 1.3× over ${ours.turns} turns`, `rxadk ${times(s.growth, 2)}`, met(s.growth <= 1.3)],
  ];
  if (adk) {
    const ratio = statsOf(adk, window).usPerTurn / s.usPerTurn;
    rows.push([`≥ 50× below @google/adk (${adk.turns} turns)`, times(ratio), met(ratio >= 50)]);
  }
  return rows;
}
