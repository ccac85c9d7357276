// The figures of one server-load run, read off its turns.
import type { TurnResult } from './load-turn.js';

/** Throughput, added latency, and how evenly the sessions progressed. */
export interface LoadFigures {
  turns: number;
  answeredWhole: number;
  turnsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Time to the response's headers (the wait before a run begins): p50, p99, max. */
  headersP50: number;
  headersP99: number;
  headersMax: number;
  /** The same wait for the sessions' first turns only, and for the later ones: p99. */
  firstTurnHeadersP99: number;
  laterTurnsHeadersP99: number;
  /** Each session's mean added latency: the median and the worst session's. */
  sessionMeanP50: number;
  sessionMeanMax: number;
  /** At the run's midpoint: the fewest turns any session had finished, and the sessions with none. */
  fewestTurnsAtHalf: number;
  sessionsIdleAtHalf: number;
  failures: Map<string, number>;
}

/** The nearest-rank percentile `p` of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]! : NaN;
}

const ascending = (values: number[]) => values.sort((a, b) => a - b);

/**
 * The figures of `results`, a run of `sessions` sessions that lasted `seconds`.
 *
 * @example
 * ```ts
 * const f = loadFigures(results, 1000, 52.1);
 * console.log(f.turnsPerSecond, f.p99);
 * ```
 */
export function loadFigures(results: readonly TurnResult[], sessions: number, seconds: number): LoadFigures {
  const answered = results.filter((r) => !r.failure);
  const latencies = ascending(answered.map((r) => r.latencyMs));
  const headers = ascending(answered.map((r) => r.headersMs));
  const bySession = new Map<number, TurnResult[]>();
  for (const r of answered) bySession.set(r.session, [...(bySession.get(r.session) ?? []), r]);
  const sessionMeans = ascending([...bySession.values()].map((turns) => turns.reduce((sum, r) => sum + r.latencyMs, 0) / turns.length));
  const halfMs = (seconds * 1000) / 2;
  const doneAtHalf = Array.from({ length: sessions }, (_, i) => (bySession.get(i) ?? []).filter((r) => r.doneAtMs <= halfMs).length);
  const failures = new Map<string, number>();
  for (const r of results) if (r.failure) failures.set(r.failure, (failures.get(r.failure) ?? 0) + 1);
  return {
    turns: results.length,
    answeredWhole: results.filter((r) => r.whole).length,
    turnsPerSecond: results.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    headersP50: percentile(headers, 0.5),
    headersP99: percentile(headers, 0.99),
    headersMax: headers.at(-1) ?? NaN,
    firstTurnHeadersP99: percentile(ascending(answered.filter((r) => r.turn === 0).map((r) => r.headersMs)), 0.99),
    laterTurnsHeadersP99: percentile(ascending(answered.filter((r) => r.turn > 0).map((r) => r.headersMs)), 0.99),
    sessionMeanP50: percentile(sessionMeans, 0.5),
    sessionMeanMax: sessionMeans.at(-1) ?? NaN,
    fewestTurnsAtHalf: Math.min(...doneAtHalf),
    sessionsIdleAtHalf: doneAtHalf.filter((n) => n === 0).length,
    failures,
  };
}
