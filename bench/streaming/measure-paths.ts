// Times every path of a provider, interleaved: a full GC, `warmup` unmeasured rounds, then
// `repeats` rounds in which each path runs once. Interleaving makes the runs of a round paired
// (they share the machine's load at that moment), so overhead is taken per round, then the median.
//
// As in the "turns" scenario, the full GC comes before the warm-up, not before each run: a forced
// full GC shrinks the heap and ages compiled code, and the next 10,000-chunk run pays for it
// (measured: the ScriptedLlm Runner turn goes from ~10 to ~20 µs per chunk). Each measured run
// starts instead after a young-generation GC, so no run collects another run's garbage.
import { progress } from '../report.js';
import { collectGarbage, median, nowMs } from '../stats.js';
import type { StreamCount, StreamPath } from './stream-path.js';

/** A scavenge (young-generation GC) when node runs with `--expose-gc`. */
function collectYoungGarbage(): void {
  (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc?.({ type: 'minor' });
}

export interface PathTiming {
  path: StreamPath;
  /** Wall time of each measured run, ms. */
  wallMs: number[];
  /** What each measured run received (the last one). */
  count: StreamCount;
  /** Process CPU time ÷ wall time over the measured runs (well below 1: waited for a core). */
  cpuPerWall: number;
}

export interface MeasureOptions {
  warmup: number;
  repeats: number;
}

async function timed(path: StreamPath): Promise<{ ms: number; cpuMs: number; count: StreamCount }> {
  await path.prepare?.();
  collectYoungGarbage();
  const cpuBefore = process.cpuUsage();
  const start = nowMs();
  const count = await path.run();
  const ms = nowMs() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, count };
}

export async function measurePaths(paths: readonly StreamPath[], options: MeasureOptions): Promise<PathTiming[]> {
  collectGarbage();
  for (let round = 0; round < options.warmup; round++) {
    for (const path of paths) {
      await path.prepare?.();
      await path.run();
    }
  }
  const timings = paths.map((path) => ({ path, wallMs: [] as number[], cpuMs: 0, count: { chunks: 0, chars: 0 } }));
  for (let round = 0; round < options.repeats; round++) {
    for (const timing of timings) {
      const { ms, cpuMs, count } = await timed(timing.path);
      timing.wallMs.push(ms);
      timing.cpuMs += cpuMs;
      timing.count = count;
    }
  }
  return timings.map(({ path, wallMs, cpuMs, count }) => ({
    path,
    wallMs,
    count,
    cpuPerWall: cpuMs / wallMs.reduce((sum, ms) => sum + ms, 0),
  }));
}

/** Median µs per chunk of a timing. */
export function usPerChunk(timing: PathTiming, chunks: number): number {
  return (median(timing.wallMs) * 1000) / chunks;
}

/** (path − baseline) of each round, µs per chunk; the baseline's time is 0 when absent. */
export function overheadsPerChunk(timing: PathTiming, baseline: PathTiming | undefined, chunks: number): number[] {
  return timing.wallMs.map((ms, round) => ((ms - (baseline?.wallMs[round] ?? 0)) * 1000) / chunks);
}

/** Median over the rounds of (path − baseline), µs per chunk. */
export function overheadPerChunk(timing: PathTiming, baseline: PathTiming | undefined, chunks: number): number {
  return median(overheadsPerChunk(timing, baseline, chunks));
}

export function progressOf(provider: string, paths: readonly StreamPath[], options: MeasureOptions): void {
  progress(
    `streaming: ${provider}, ${paths.length} paths × (${options.warmup} warm-up + ${options.repeats} measured runs), interleaved`,
  );
}
