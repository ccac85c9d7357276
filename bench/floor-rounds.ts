// rxadk against the plain-JS floor in interleaved rounds: one framework's single run moves 2× with
// where its GCs fall and with the machine's load, so the floor targets are read off medians.
import type { Framework } from './frameworks/framework.js';
import { fmt, progress, table, times } from './report.js';
import { runSessions, statsOf, type TurnsRun } from './scenarios/turns.js';
import { median } from './stats.js';
import type { TargetRow } from './turns-distribution.js';

/** One round: the same single-session run of rxadk and of the floor, back to back. */
export interface FloorRound {
  ours: TurnsRun;
  floor: TurnsRun;
}

/**
 * `rounds` rounds of a `turns`-turn single-session run of each framework (each after a full GC and
 * `warmupTurns` warm-up turns), alternating which one goes first: the order can move the ratio
 * (in one trial whichever ran second was slower), so an even number of rounds weighs both orders
 * alike.
 *
 * @example
 * ```ts
 * const rounds = await runFloorRounds(rxadk, plainJs, { turns: 1000, warmupTurns: 2000 }, 5);
 * ```
 */
export async function runFloorRounds(
  ours: Framework,
  floor: Framework,
  options: { turns: number; warmupTurns: number },
  rounds: number,
): Promise<FloorRound[]> {
  const result: FloorRound[] = [];
  const run = (framework: Framework) => runSessions(framework, `${options.turns} turns × 1 session`, 1, options.turns, options.warmupTurns);
  for (let round = 0; round < rounds; round++) {
    progress(`turns: round ${round + 1} of ${rounds}, ${ours.name} and ${floor.name} (${options.turns} turns each)`);
    if (round % 2 === 0) {
      const a = await run(ours);
      result.push({ ours: a, floor: await run(floor) });
    } else {
      const b = await run(floor);
      result.push({ ours: await run(ours), floor: b });
    }
  }
  return result;
}

interface RoundFigures {
  ratio: number;
  oursMean: number;
  floorMean: number;
  oursMedian: number;
  floorMedian: number;
  /** p99 turn, µs. */
  oursP99: number;
  floorP99: number;
  /** rxadk's p99 ÷ the floor's p99, in the same round. */
  p99Ratio: number;
  oursGc: number;
  floorGc: number;
  /** GC pause time per turn, µs. */
  oursGcPerTurn: number;
  floorGcPerTurn: number;
  /** Mean of the last `window` turns ÷ mean of the first `window`. */
  oursGrowth: number;
  floorGrowth: number;
}

function figuresOf({ ours, floor }: FloorRound, window: number): RoundFigures {
  const o = statsOf(ours, window);
  const f = statsOf(floor, window);
  return {
    ratio: o.usPerTurn / f.usPerTurn,
    oursMean: o.usPerTurn,
    floorMean: f.usPerTurn,
    oursMedian: o.medianMs * 1000,
    floorMedian: f.medianMs * 1000,
    oursP99: o.p99Ms * 1000,
    floorP99: f.p99Ms * 1000,
    p99Ratio: o.p99Ms / f.p99Ms,
    oursGc: o.gcShare,
    floorGc: f.gcShare,
    oursGcPerTurn: (ours.gcMs * 1000) / ours.turns,
    floorGcPerTurn: (floor.gcMs * 1000) / floor.turns,
    oursGrowth: o.growth,
    floorGrowth: f.growth,
  };
}

/** Each figure's median over the rounds. */
function medianFigures(all: readonly RoundFigures[]): RoundFigures {
  const of = (key: keyof RoundFigures) => median(all.map((f) => f[key]));
  return {
    ratio: of('ratio'),
    oursMean: of('oursMean'),
    floorMean: of('floorMean'),
    oursMedian: of('oursMedian'),
    floorMedian: of('floorMedian'),
    oursP99: of('oursP99'),
    floorP99: of('floorP99'),
    p99Ratio: of('p99Ratio'),
    oursGc: of('oursGc'),
    floorGc: of('floorGc'),
    oursGcPerTurn: of('oursGcPerTurn'),
    floorGcPerTurn: of('floorGcPerTurn'),
    oursGrowth: of('oursGrowth'),
    floorGrowth: of('floorGrowth'),
  };
}

/**
 * One row per round and a last row with each column's median over the rounds.
 *
 * @example
 * ```ts
 * console.log(floorRoundsTable(rounds, 50));
 * ```
 */
export function floorRoundsTable(rounds: readonly FloorRound[], window: number): string {
  const all = rounds.map((round) => figuresOf(round, window));
  const row = (label: string, f: RoundFigures, first: string) => [
    label,
    first,
    fmt(f.oursMean, 1),
    fmt(f.floorMean, 1),
    times(f.ratio),
    fmt(f.oursMedian, 1),
    fmt(f.floorMedian, 1),
    times(f.oursMedian / f.floorMedian),
    fmt(f.oursP99, 1),
    fmt(f.floorP99, 1),
    times(f.p99Ratio),
    `${fmt(f.oursGcPerTurn, 1)} (${fmt(100 * f.oursGc, 0)} %)`,
    `${fmt(f.floorGcPerTurn, 1)} (${fmt(100 * f.floorGc, 0)} %)`,
    times(f.oursGrowth, 2),
    times(f.floorGrowth, 2),
  ];
  return table(
    [
      'round',
      'first',
      'rxadk mean µs',
      'floor mean µs',
      'mean ratio',
      'rxadk median µs',
      'floor median µs',
      'median ratio',
      'rxadk p99 µs',
      'floor p99 µs',
      'p99 ratio',
      'rxadk GC µs/turn (share)',
      'floor GC µs/turn (share)',
      'rxadk growth',
      'floor growth',
    ],
    [...all.map((f, i) => row(String(i + 1), f, i % 2 === 0 ? 'rxadk' : 'floor')), row('median', medianFigures(all), '')],
  );
}

/**
 * The single-run targets that {@link floorRoundsTargets} supersedes when the rounds ran (issue 16's,
 * restated against the floor by issue 30).
 */
export const SUPERSEDED_BY_ROUNDS: ReadonlySet<string> = new Set([
  'mean per-turn cost ≤ 5× the plain-JS loop',
  'p99 turn ≤ 3× the median',
  'GC share ≤ 5 %',
]);

/**
 * Issue 30's targets, read off the rounds' medians: mean ≤ 4× the floor's mean, p99 ≤ 2× the
 * floor's p99 (both as the median of the per-round ratios), GC time per turn ≤ 1.5× the floor's
 * (the ratio of the medians: a round of the floor may have no GC at all), and growth over the run
 * (last `window` turns ÷ first `window`) ≤ 1.3×, the floor's growth beside rxadk's.
 *
 * @example
 * ```ts
 * summary.push(...floorRoundsTargets(rounds, 50));
 * ```
 */
export function floorRoundsTargets(rounds: readonly FloorRound[], window: number): TargetRow[] {
  const m = medianFigures(rounds.map((round) => figuresOf(round, window)));
  const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  const n = `median of ${rounds.length} rounds`;
  const gcRatio = m.oursGcPerTurn / m.floorGcPerTurn;
  const turns = rounds[0]?.ours.turns ?? 0;
  return [
    ['turn: mean ≤ 4× the floor\'s mean', `rxadk ${times(m.ratio)} (${fmt(m.oursMean, 1)} ÷ ${fmt(m.floorMean, 1)} µs; ${n})`, met(m.ratio <= 4)],
    ['turn: p99 ≤ 2× the floor\'s p99', `rxadk ${times(m.p99Ratio)} (${fmt(m.oursP99, 1)} ÷ ${fmt(m.floorP99, 1)} µs; ${n})`, met(m.p99Ratio <= 2)],
    [
      'turn: GC time per turn ≤ 1.5× the floor\'s',
      `rxadk ${times(gcRatio)} (${fmt(m.oursGcPerTurn, 1)} ÷ ${fmt(m.floorGcPerTurn, 1)} µs per turn; ${n})`,
      met(gcRatio <= 1.5),
    ],
    [
      `turn: growth over ${turns} turns ≤ 1.3× (last ${window} ÷ first ${window})`,
      `rxadk ${times(m.oursGrowth, 2)} (the floor: ${times(m.floorGrowth, 2)}; ${n})`,
      met(m.oursGrowth <= 1.3),
    ],
  ];
}
