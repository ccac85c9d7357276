// The process's CPU time split by thread, from Linux's /proc (each thread's `schedstat`: nanoseconds
// on a CPU): the main thread, where the JavaScript of every path and the stand-in runs, and the
// other threads (V8's compiler and GC helpers, libuv's pool), whose work a block's process CPU also
// counts even when another path's block started it. Elsewhere (no /proc) both read 0.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time used so far, ns: the main thread's and the other threads' together. */
export interface ThreadCpu {
  main: number;
  others: number;
}

const TASKS = '/proc/self/task';

function runNs(tid: string): number {
  try {
    return Number(readFileSync(`${TASKS}/${tid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return 0; // the thread ended (or there is no /proc)
  }
}

/**
 * Reads the CPU time of the process's threads so far.
 *
 * @example
 * ```ts
 * const before = threadCpu();
 * work();
 * const after = threadCpu();
 * console.log((after.main - before.main) / 1000, 'µs on the main thread');
 * ```
 */
export function threadCpu(): ThreadCpu {
  let tids: string[];
  try {
    tids = readdirSync(TASKS);
  } catch {
    return { main: 0, others: 0 };
  }
  const main = String(process.pid);
  let others = 0;
  for (const tid of tids) if (tid !== main) others += runNs(tid);
  return { main: runNs(main), others };
}
