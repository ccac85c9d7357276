// The live scenario (issue 27): one conversation per path against GeminiLiveStandIn, all open at
// once: N audio frames up, each answered by one audio frame down (one frame in flight, as a
// microphone paces them), sent in blocks that alternate between the paths, then transcribed turns. For every frame: the round trip, the latency the path added on
// either side of the wire (upstream: from the queue to the client socket's send; downstream: from
// the client socket's receipt to the event), and the part of it that is the framework's own (from
// the queue to @google/genai's send, and from the SDK's `onmessage` to the event); the heap every
// `heapEvery` frames.
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { GeminiLiveStandIn } from '../../lib/testing/gemini-live-stand-in.js';
import type { LiveOut, LivePath, LiveSession } from '../live/live-path.js';
import { liveScript, UP_FRAME } from '../live/live-frames.js';
import { threadCpu } from '../live/thread-cpu.js';
import { wire } from '../live/wire-clock.js';
import { collectGarbage, median, nowMs } from '../stats.js';

export interface LiveOptions {
  frames: number;
  turns: number;
  heapEvery: number;
  /** Frames per block: each path's frames go in blocks, the paths' blocks interleaved (the order rotating). */
  block: number;
  /** Rotates the first block's order (the round's number). */
  rotation: number;
}

export interface LiveRun {
  path: string;
  /** Per frame, ms: queue → event. */
  roundTripMs: number[];
  /** Per frame, ms: queue → client socket send, plus client socket receipt → event (the SDK's work included). */
  addedMs: number[];
  /** Per frame, ms: queue → the SDK's `sendRealtimeInput`, plus the SDK's `onmessage` → event: the framework's own (about 0 for the floor). */
  frameworkMs: number[];
  /** Per transcribed turn, ms: text sent → turnComplete. */
  turnMs: number[];
  /**
   * Heap used after a full GC, MB, before the first frame and every `heapEvery` frames: the heap at
   * the start plus what this path's blocks added (each block's heap after a full GC minus the one
   * before it), so the other paths' open sessions count for none of it.
   */
  heapMb: number[];
  /** Process CPU time (user + system) over the frames, µs per frame, GCs for the heap samples excluded (the stand-in's share included). */
  cpuUsPerFrame: number;
  /**
   * Per block, in order: its frames, their median round trip (ms), the process CPU time (µs per
   * frame) and its split: the main thread's (every path's JavaScript and the stand-in's) and the
   * other threads' (V8's compiler and GC helpers, libuv's pool; 0 for both without Linux's /proc);
   * and the time the path's own calls took (`sendAudio` but the SDK's `sendRealtimeInput` within
   * it, plus its `onmessage`, the SDK's JSON parse excluded), µs per frame: the path's own
   * synchronous work on a frame, a part of the main thread's (@google/adk does most of its work
   * later, in its async generators, so little of it shows here).
   */
  blocks: Array<{ frames: number; roundTripMs: number; cpuUsPerFrame: number; mainCpuUsPerFrame: number; otherCpuUsPerFrame: number; syncUsPerFrame: number }>;
  /** The garbage collector's pauses on the main thread during this path's blocks, µs per frame (the heap samples' full GCs excluded). */
  gcUsPerFrame: number;
}

type Want = keyof LiveOut;

/** Waits for the next output the path hands on with `want` set; resolves with the time it came. */
class Arrivals {
  private waiting: { want: Want; resolve: (at: number) => void } | undefined;

  readonly sink = (out: LiveOut): void => {
    const waiting = this.waiting;
    if (waiting && out[waiting.want]) {
      const at = nowMs();
      this.waiting = undefined;
      waiting.resolve(at);
    }
  };

  next(want: Want): Promise<number> {
    return new Promise((resolve) => (this.waiting = { want, resolve }));
  }
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

function heapMb(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1e6;
}

interface Open {
  path: LivePath;
  session: LiveSession;
  arrivals: Arrivals;
  run: LiveRun;
  cpuUs: number;
  heap: number;
  sent: number;
  /** When each of its blocks ran (performance.now(), ms). */
  windows: Array<[number, number]>;
}

/**
 * One round: a conversation per path, all open at once on the same stand-in, their frames sent in
 * blocks of `block`, the paths' blocks interleaved (A B C, B C A, …), so that a change in the
 * machine's speed (the other processes on it) falls on every path alike; then each path's turns.
 */
export async function runLiveRound(paths: readonly LivePath[], standIn: GeminiLiveStandIn, options: LiveOptions): Promise<LiveRun[]> {
  const open: Open[] = [];
  const pauses: Array<[start: number, duration: number]> = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push([entry.startTime, entry.duration]);
  });
  gc.observe({ entryTypes: ['gc'] });
  for (const path of paths) {
    standIn.enqueue(liveScript(options.frames, options.turns));
    const arrivals = new Arrivals();
    const session = await path.open(standIn.baseUrl, arrivals.sink);
    const run: LiveRun = { path: path.name, roundTripMs: [], addedMs: [], frameworkMs: [], turnMs: [], heapMb: [], cpuUsPerFrame: 0, blocks: [], gcUsPerFrame: 0 };
    open.push({ path, session, arrivals, run, cpuUs: 0, heap: 0, sent: 0, windows: [] });
  }
  const start = heapMb();
  for (const path of open) {
    path.heap = start;
    path.run.heapMb.push(start);
  }
  for (let b = 0; open[0]!.sent < options.frames; b++) {
    for (let i = 0; i < open.length; i++) await runBlock(open[(i + b + options.rotation) % open.length]!, options);
  }
  for (const { session, arrivals, run } of open) {
    for (let turn = 0; turn < options.turns; turn++) {
      const complete = arrivals.next('turnComplete');
      const start = nowMs();
      session.sendText({ role: 'user', parts: [{ text: `Turn ${turn}` }] });
      run.turnMs.push((await complete) - start);
    }
  }
  for (const { session } of open) await session.close();
  await new Promise((resolve) => setImmediate(resolve)); // the last GC entries are delivered
  gc.disconnect();
  return open.map(({ run, windows }) => ({ ...run, cpuUsPerFrame: sumCpu(run) / options.frames, gcUsPerFrame: (gcMsWithin(pauses, windows) * 1000) / options.frames }));
}

/** The GC pauses that started within the windows, ms. */
function gcMsWithin(pauses: ReadonlyArray<[number, number]>, windows: ReadonlyArray<[number, number]>): number {
  return pauses.reduce((sum, [start, duration]) => (windows.some(([from, to]) => start >= from && start < to) ? sum + duration : sum), 0);
}

function sumCpu(run: LiveRun): number {
  return run.blocks.reduce((sum, block) => sum + block.cpuUsPerFrame * block.frames, 0);
}

/** The next block of one path's frames (one frame in flight), then its heap after a full GC when a `heapEvery` mark was passed. */
async function runBlock(open: Open, options: LiveOptions): Promise<void> {
  const { session, arrivals, run } = open;
  const frames = Math.min(options.block, options.frames - open.sent);
  const roundTrips: number[] = [];
  const threadsStart = threadCpu();
  const onmessageStart = wire.inOnmessage;
  let inSend = 0;
  const cpuStart = process.cpuUsage();
  const from = performance.now();
  for (let frame = 0; frame < frames; frame++) {
    const arrived = arrivals.next('audio');
    const sdkSendBefore = wire.inSdkSend;
    const start = nowMs();
    session.sendAudio(UP_FRAME);
    inSend += nowMs() - start - (wire.inSdkSend - sdkSendBefore);
    const at = await arrived;
    roundTrips.push(at - start);
    run.addedMs.push(wire.sent - start + (at - wire.received));
    run.frameworkMs.push(wire.sdkSend - start + (at - wire.sdkDelivered));
  }
  const cpuUs = cpuSince(cpuStart);
  const threads = threadCpu();
  open.windows.push([from, performance.now()]);
  run.roundTripMs.push(...roundTrips);
  run.blocks.push({
    frames,
    roundTripMs: median(roundTrips),
    cpuUsPerFrame: cpuUs / frames,
    mainCpuUsPerFrame: (threads.main - threadsStart.main) / 1000 / frames,
    otherCpuUsPerFrame: (threads.others - threadsStart.others) / 1000 / frames,
    syncUsPerFrame: ((inSend + wire.inOnmessage - onmessageStart) * 1000) / frames,
  });
  const before = open.sent;
  open.sent += frames;
  if (Math.floor(open.sent / options.heapEvery) > Math.floor(before / options.heapEvery) || open.sent === options.frames) {
    const heap = heapMb();
    run.heapMb.push(run.heapMb.at(-1)! + heap - open.heap);
    open.heap = heap;
  }
}
