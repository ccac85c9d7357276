// Scenario "turns": per turn the model calls get_weather (a synchronous tool) and then answers,
// i.e. 2 model calls, 1 tool call and 3 events emitted and stored per turn, plus the user event.
// (a) N turns on ONE session (does a turn get slower as the session grows?);
// (b) S sessions × T turns, round-robin (the per-turn cost on short sessions).
// The scripted model costs next to nothing, so a turn's time is the framework's overhead.
import type { BenchApp, Framework } from '../frameworks/framework.js';
import { progress } from '../report.js';
import { recordGcTime } from '../gc-time.js';
import { collectGarbage, mean, nowMs } from '../stats.js';

export interface TurnsOptions {
  warmupTurns: number;
  /** Turns of the single-session run. */
  turns: number;
  sessions: number;
  turnsPerSession: number;
  /** Turns averaged at each end of the single-session run ("first 50" / "last 50"). */
  window: number;
}

export interface TurnsRun {
  framework: string;
  label: string;
  sessions: number;
  turns: number;
  totalMs: number;
  /** Wall time of each turn, in run order. */
  turnMs: number[];
  eventsEmitted: number;
  eventsStored: number;
  /**
   * The process's CPU time (user + system, all threads) ÷ wall time during the run. The work is
   * CPU-bound, so well below 1 means the process waited for a core (other load on the machine).
   */
  cpuPerWall: number;
  /** GC pauses that started during the measured turns. */
  gcMs: number;
  /** The process's RSS right after the measured turns. */
  rssBytes: number;
}

/** Mean wall time (ms) of each consecutive `size`-turn bucket of the run. */
export function buckets(run: TurnsRun, size: number): number[] {
  const means: number[] = [];
  for (let start = 0; start < run.turnMs.length; start += size) means.push(mean(run.turnMs.slice(start, start + size)));
  return means;
}

export interface TurnsRunStats {
  turnsPerSecond: number;
  usPerTurn: number;
  usPerEvent: number;
  eventsPerTurn: number;
  firstWindowMs: number;
  lastWindowMs: number;
  growth: number;
  medianMs: number;
  p99Ms: number;
  /** GC pauses ÷ the run's wall time. */
  gcShare: number;
}

/**
 * The figures of one run: throughput, mean µs per turn and per event, the mean of the first and
 * last `window` turns and their ratio (growth), the nearest-rank median and p99 turn, and the
 * GC share (GC pauses ÷ wall time).
 *
 * @example
 * ```ts
 * const s = statsOf(run, 50);
 * console.log(s.p99Ms / s.medianMs, s.gcShare);
 * ```
 */
export function statsOf(run: TurnsRun, window: number): TurnsRunStats {
  const eventsPerTurn = run.eventsEmitted / run.turns;
  const usPerTurn = (run.totalMs * 1000) / run.turns;
  const firstWindowMs = mean(run.turnMs.slice(0, window));
  const lastWindowMs = mean(run.turnMs.slice(-window));
  return {
    turnsPerSecond: run.turns / (run.totalMs / 1000),
    usPerTurn,
    usPerEvent: usPerTurn / eventsPerTurn,
    eventsPerTurn,
    firstWindowMs,
    lastWindowMs,
    growth: lastWindowMs / firstWindowMs,
    medianMs: percentile(run.turnMs, 0.5),
    p99Ms: percentile(run.turnMs, 0.99),
    gcShare: run.gcMs / run.totalMs,
  };
}

/** The nearest-rank percentile `p` (0 < p ≤ 1) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** Turns of one warm-up session: the warm-up runs the code paths, not long histories. */
const WARMUP_SESSION_TURNS = 50;

async function warmUp(framework: Framework, turns: number): Promise<void> {
  const app = framework.weatherApp();
  for (let done = 0, session = 0; done < turns; session++) {
    const sessionId = `warmup${session}`;
    await app.createSession(sessionId);
    for (let i = 0; i < WARMUP_SESSION_TURNS && done < turns; i++, done++) {
      await app.runTurn(sessionId, `What is the weather in Paris? (${i})`);
    }
  }
}

/**
 * One measured run: a full GC, `warmupTurns` warm-up turns, then `turnsPerSession` turns on each of
 * `sessions` fresh sessions, round-robin.
 *
 * @example
 * ```ts
 * const run = await runSessions(rxadk, '1000 turns × 1 session', 1, 1000, 2000);
 * ```
 */
export async function runSessions(
  framework: Framework,
  label: string,
  sessions: number,
  turnsPerSession: number,
  warmupTurns: number,
): Promise<TurnsRun> {
  // A full GC first (so the previous run's garbage is not collected during this one), then the
  // warm-up: a forced GC also makes V8 shrink the heap and age compiled code, which slows the
  // first turns after it; warming up after the GC keeps that out of the measurement.
  collectGarbage();
  await warmUp(framework, warmupTurns);
  const app: BenchApp = framework.weatherApp();
  const ids = Array.from({ length: sessions }, (_, i) => `s${i}`);
  for (const id of ids) await app.createSession(id);
  const turnMs: number[] = [];
  let eventsEmitted = 0;
  const cpuBefore = process.cpuUsage();
  const start = nowMs();
  const stopGcTime = recordGcTime(start);
  for (let turn = 0; turn < turnsPerSession; turn++) {
    for (const id of ids) {
      const before = nowMs();
      eventsEmitted += await app.runTurn(id, `What is the weather in Paris? (${turn})`);
      turnMs.push(nowMs() - before);
    }
  }
  const totalMs = nowMs() - start;
  const cpu = process.cpuUsage(cpuBefore);
  const rssBytes = process.memoryUsage().rss;
  const gcMs = await stopGcTime(start + totalMs);
  let eventsStored = 0;
  for (const id of ids) eventsStored += await app.storedEventCount(id);
  return {
    framework: framework.name,
    label,
    sessions,
    turns: sessions * turnsPerSession,
    totalMs,
    turnMs,
    eventsEmitted,
    eventsStored,
    cpuPerWall: (cpu.user + cpu.system) / 1000 / totalMs,
    gcMs,
    rssBytes,
  };
}

export interface TurnsResult {
  single: TurnsRun[];
  multi: TurnsRun[];
}

/**
 * Runs both parts for every framework. `turnsFor` lets the caller shorten one framework's
 * single-session run.
 */
export async function runTurnsScenario(
  frameworks: readonly Framework[],
  options: TurnsOptions,
  turnsFor: (framework: Framework) => number = () => options.turns,
): Promise<TurnsResult> {
  const single: TurnsRun[] = [];
  for (const framework of frameworks) {
    const turns = turnsFor(framework);
    progress(`turns: ${framework.name}, GC + ${options.warmupTurns} warm-up turns, then ${turns} turns on one session`);
    single.push(await runSessions(framework, `${turns} turns × 1 session`, 1, turns, options.warmupTurns));
  }
  const multi: TurnsRun[] = [];
  for (const framework of frameworks) {
    progress(
      `turns: ${framework.name}, GC + ${options.warmupTurns} warm-up turns, then ${options.sessions} sessions × ${options.turnsPerSession} turns`,
    );
    multi.push(
      await runSessions(
        framework,
        `${options.turnsPerSession} turns × ${options.sessions} sessions`,
        options.sessions,
        options.turnsPerSession,
        options.warmupTurns,
      ),
    );
  }
  collectGarbage();
  return { single, multi };
}
