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
  oursTail: number;
  floorTail: number;
  oursGc: number;
  floorGc: number;
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
    oursTail: o.p99Ms / o.medianMs,
    floorTail: f.p99Ms / f.medianMs,
    oursGc: o.gcShare,
    floorGc: f.gcShare,
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
    oursTail: of('oursTail'),
    floorTail: of('floorTail'),
    oursGc: of('oursGc'),
    floorGc: of('floorGc'),
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
    times(f.oursTail),
    times(f.floorTail),
    `${fmt(100 * f.oursGc, 1)} %`,
    `${fmt(100 * f.floorGc, 1)} %`,
  ];
  return table(
    ['round', 'first', 'rxadk mean µs', 'floor mean µs', 'mean ratio', 'rxadk median µs', 'floor median µs', 'median ratio', 'rxadk p99÷med', 'floor p99÷med', 'rxadk GC', 'floor GC'],
    [...all.map((f, i) => row(String(i + 1), f, i % 2 === 0 ? 'rxadk' : 'floor')), row('median', medianFigures(all), '')],
  );
}

/**
 * The targets read off the rounds' medians: mean ≤ 5× the floor, p99 ≤ 3× the median, GC share
 * ≤ 5 % (the floor's own figures beside rxadk's).
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
  return [
    ['mean per-turn cost ≤ 5× the plain-JS loop', `rxadk ${times(m.ratio)} (${n}; by medians ${times(m.oursMedian / m.floorMedian)})`, met(m.ratio <= 5)],
    ['p99 turn ≤ 3× the median', `rxadk ${times(m.oursTail)} (the floor: ${times(m.floorTail)}; ${n})`, met(m.oursTail <= 3)],
    ['GC share ≤ 5 %', `rxadk ${fmt(100 * m.oursGc, 1)} % (the floor: ${fmt(100 * m.floorGc, 1)} %; ${n})`, met(m.oursGc <= 0.05)],
  ];
}
