// GC time during a measured stretch, from V8's `gc` performance entries.
import { PerformanceObserver } from 'node:perf_hooks';
import { sleep } from './stats.js';

/**
 * Starts recording GC pauses; the returned function, given the end of the measured stretch,
 * stops and resolves with the milliseconds of GC that started inside it (`performance.now()`
 * times). It waits one timer tick first: V8 queues `gc` entries for a later task, and a loop of
 * awaited promises never yields to one.
 *
 * @example
 * ```ts
 * const start = performance.now();
 * const stop = recordGcTime(start);
 * await work();
 * const gcMs = await stop(performance.now());
 * ```
 */
export function recordGcTime(since: number): (until: number) => Promise<number> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return async (until) => {
    await sleep(20);
    entries.push(...observer.takeRecords());
    observer.disconnect();
    let total = 0;
    for (const entry of entries) if (entry.startTime >= since && entry.startTime < until) total += entry.duration;
    return total;
  };
}
