// Loaded into the api_server child of the server-load bench with `node --import` (never by rxadk
// itself): where a turn's added latency could come from inside the server. It samples the event
// loop's delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution), sums the GC pauses (`gc`
// performance entries), notes when the loop stalled for 100 ms or more (a 20 ms timer that ran that
// late: when, since the load started, how long, and the CPU time the process used meanwhile, all
// threads: about the stall's length when it was busy, near 0 when it waited), reads the process's CPU time, and writes them as JSON (ServerStalls) to
// the file named by RXADK_BENCH_STALLS_FILE every 250 ms. SIGUSR2 starts the figures afresh (the
// bench sends it once the sessions are created, right before the load starts).
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { ServerStalls } from './server-stalls.js';

const file = process.env['RXADK_BENCH_STALLS_FILE'];
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gc = { ms: 0, maxMs: 0, count: 0 };
  let cpuFrom = process.cpuUsage();
  let wallFrom = performance.now();
  let longStalls: Array<{ atMs: number; ms: number; cpuMs: number }> = [];
  let tickAt = performance.now();
  let tickCpu = process.cpuUsage();
  setInterval(() => {
    const now = performance.now();
    const late = now - tickAt - 20;
    if (late >= 100) {
      const cpu = process.cpuUsage(tickCpu);
      const stall = { atMs: Math.round(tickAt - wallFrom), ms: Math.round(late), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
      longStalls = [...longStalls, stall].sort((a, b) => b.ms - a.ms).slice(0, 10);
    }
    tickAt = now;
    tickCpu = process.cpuUsage();
  }, 20).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.ms += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      gc.count++;
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('SIGUSR2', () => {
    delay.reset();
    gc = { ms: 0, maxMs: 0, count: 0 };
    cpuFrom = process.cpuUsage();
    wallFrom = performance.now();
    longStalls = [];
  });
  const write = () => {
    const cpu = process.cpuUsage(cpuFrom);
    const stalls: ServerStalls = {
      loopDelayP50Ms: delay.percentile(50) / 1e6,
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      loopDelayMaxMs: delay.max / 1e6,
      gcMs: gc.ms,
      gcMaxPauseMs: gc.maxMs,
      gcCount: gc.count,
      cpuShare: (cpu.user + cpu.system) / 1000 / Math.max(performance.now() - wallFrom, 1),
      longStalls,
    };
    writeFileSync(file, JSON.stringify(stalls));
  };
  setInterval(write, 250).unref();
}
