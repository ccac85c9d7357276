// Scenario "parallel tools": one turn in which the model asks for `count` tools at once, each
// waiting `delayMs`, then answers. If the framework runs the calls concurrently the turn takes
// about `delayMs`; one after the other, about `count × delayMs`.
import type { Framework } from '../frameworks/framework.js';
import { progress } from '../report.js';
import { collectGarbage, median, nowMs } from '../stats.js';

export interface ParallelOptions {
  tools: number;
  delayMs: number;
  /** Measured turns (each on a fresh session), after one warm-up turn. */
  repeats: number;
}

export interface ParallelRun {
  framework: string;
  wallMs: number[];
  medianMs: number;
  minMs: number;
  maxMs: number;
  eventsPerTurn: number;
}

export async function runParallelToolsScenario(
  frameworks: readonly Framework[],
  options: ParallelOptions,
): Promise<ParallelRun[]> {
  const runs: ParallelRun[] = [];
  for (const framework of frameworks) {
    progress(`parallel tools: ${framework.name}, ${options.tools} tools × ${options.delayMs} ms, ${options.repeats} turns`);
    collectGarbage();
    const app = framework.parallelApp(options.tools, options.delayMs);
    await app.createSession('warmup');
    await app.runTurn('warmup', 'Run all jobs.');
    const wallMs: number[] = [];
    let events = 0;
    for (let i = 0; i < options.repeats; i++) {
      const sessionId = `p${i}`;
      await app.createSession(sessionId);
      const start = nowMs();
      events += await app.runTurn(sessionId, 'Run all jobs.');
      wallMs.push(nowMs() - start);
    }
    runs.push({
      framework: framework.name,
      wallMs,
      medianMs: median(wallMs),
      minMs: Math.min(...wallMs),
      maxMs: Math.max(...wallMs),
      eventsPerTurn: events / options.repeats,
    });
  }
  return runs;
}
