// What bench/server-load/server-stalls-hook.ts reports from inside an api_server process, and
// how the bench reads it.
import { readFileSync } from 'node:fs';

/** The server's own figures since the load started (see server-stalls-hook.ts). */
export interface ServerStalls {
  /** The event loop's delay (how late a 10 ms timer ran), median, 99th percentile and worst. */
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** GC pauses: their sum, the longest, and how many. */
  gcMs: number;
  gcMaxPauseMs: number;
  gcCount: number;
  /** The process's CPU time ÷ wall time (1 = one core busy the whole time). */
  cpuShare: number;
  /** The ten longest stalls of 100 ms or more: when (ms since the load started), how long, and the process's CPU time meanwhile (ms, all threads). */
  longStalls: Array<{ atMs: number; ms: number; cpuMs: number }>;
}

/** The last figures the hook wrote to `file`, or `undefined` if it wrote none. */
export function readServerStalls(file: string): ServerStalls | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ServerStalls;
  } catch {
    return undefined;
  }
}
