// What one framework's weather turn costs in counters that do not depend on the machine's load,
// and what its slowest turns were made of (issue 30: where the p99 comes from). One process, one
// framework: 2000 warm-up turns (sessions of 50), a full GC, then the measured turns on one fresh
// session, first counted (subscriptions, allocation) and then timed (a second fresh session).
//
//   node --expose-gc dist/bench/turn-probe.js [--framework rxadk|plain] [--turns 1000]
//
// Printed: Observable subscriptions per turn; bytes allocated per turn (V8's sampling heap
// profiler, 256-byte interval, objects later collected included); async resources created per turn
// (a timer or setImmediate hop would show here); GC entries by kind; the median and p99 turn; and
// the turns at or above the p99 with their wall time, the process's CPU time during them (all
// threads) and whether a GC pause overlapped them.
import { createHook } from 'node:async_hooks';
import { PerformanceObserver } from 'node:perf_hooks';
import type { BenchApp, Framework } from './frameworks/framework.js';
import { rxadk } from './frameworks/rxadk.js';
import { countSubscriptions, sampledAllocation } from './probe-counters.js';
import { plainJs } from './reference/plain-js.js';
import { collectGarbage } from './stats.js';

const GC_KINDS: Record<number, string> = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental', 8: 'weak callbacks' };

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] ?? fallback : fallback;
}

async function runTurns(app: BenchApp, sessionId: string, turns: number, each?: (turn: number, run: () => Promise<number>) => Promise<void>): Promise<void> {
  await app.createSession(sessionId);
  for (let turn = 0; turn < turns; turn++) {
    const run = () => app.runTurn(sessionId, 'What is the weather in Paris?');
    if (each) await each(turn, run);
    else await run();
  }
}

/** Subscriptions per turn, counted on `Observable.prototype.subscribe` (the floor has none). */
async function subscriptionsPerTurn(app: BenchApp, turns: number): Promise<number> {
  return (await countSubscriptions(() => runTurns(app, 'probe-subscriptions', turns))) / turns;
}

/** Bytes allocated per turn, collected objects included (V8's sampling heap profiler). */
async function allocatedPerTurn(app: BenchApp, turns: number): Promise<number> {
  return (await sampledAllocation(() => runTurns(app, 'probe-allocation', turns), 256)) / turns;
}

/** One timed turn: wall and CPU time (ms), and when it ran (`performance.now()`). */
interface TimedTurn {
  index: number;
  start: number;
  wallMs: number;
  cpuMs: number;
}

async function main(): Promise<void> {
  const framework: Framework = option('framework', 'rxadk') === 'plain' ? plainJs : rxadk;
  const turns = Number(option('turns', '1000'));
  const app = framework.weatherApp();
  for (let session = 0; session < 40; session++) await runTurns(app, `warm-${session}`, 50);
  const subscriptions = await subscriptionsPerTurn(app, turns);
  const allocated = await allocatedPerTurn(app, turns);
  collectGarbage();

  const gcs: Array<{ start: number; end: number; kind: string }> = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      gcs.push({ start: entry.startTime, end: entry.startTime + entry.duration, kind: GC_KINDS[kind] ?? String(kind) });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const resources = new Map<string, number>();
  let counting = false;
  const hook = createHook({ init: (_id, type) => void (counting && resources.set(type, (resources.get(type) ?? 0) + 1)) }).enable();
  const timed: TimedTurn[] = [];
  await runTurns(app, 'probe-timed', turns, async (index, run) => {
    counting = true;
    const start = performance.now();
    const cpu = process.cpuUsage();
    await run();
    const used = process.cpuUsage(cpu);
    timed.push({ index, start, wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 });
    counting = false;
  });
  hook.disable();
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();

  const sorted = timed.map((turn) => turn.wallMs).sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]!;
  const kinds = new Map<string, number>();
  for (const gc of gcs) kinds.set(gc.kind, (kinds.get(gc.kind) ?? 0) + 1);
  const us = (ms: number) => (ms * 1000).toFixed(0);
  console.log(`${framework.name}: ${turns} turns on one session after 2000 warm-up turns`);
  console.log(`subscriptions per turn: ${subscriptions.toFixed(1)}`);
  console.log(`allocated per turn: ${(allocated / 1024).toFixed(1)} KB`);
  console.log(`async resources created per turn: ${[...resources].map(([type, n]) => `${type} ${(n / turns).toFixed(3)}`).join(', ') || 'none'}`);
  console.log(`GC entries: ${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none'} (${gcs.reduce((sum, gc) => sum + gc.end - gc.start, 0).toFixed(1)} ms)`);
  console.log(`median ${us(sorted[Math.floor(sorted.length / 2)]!)} µs, p99 ${us(p99)} µs`);
  console.log('turns at or above the p99 (turn: wall µs / CPU µs, GC overlapping):');
  for (const turn of timed.filter((t) => t.wallMs >= p99)) {
    const gc = gcs.filter((g) => g.start < turn.start + turn.wallMs && g.end > turn.start);
    console.log(`  #${turn.index}: ${us(turn.wallMs)} / ${us(turn.cpuMs)}${gc.length ? `, ${gc.map((g) => `${g.kind} ${us(g.end - g.start)} µs`).join(', ')}` : ''}`);
  }
}

await main();
