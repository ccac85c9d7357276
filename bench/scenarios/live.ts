// The live scenario (issue 27): one conversation per path against GeminiLiveStandIn: N audio
// frames up, each answered by one audio frame down (one frame in flight, as a microphone paces
// them), then transcribed turns. For every frame: the round trip, the latency the path added on
// either side of the wire (upstream: from the queue to the client socket's send; downstream: from
// the client socket's receipt to the event), and the part of it that is the framework's own (from
// the queue to @google/genai's send, and from the SDK's `onmessage` to the event); the heap every
// `heapEvery` frames.
import type { GeminiLiveStandIn } from '../../lib/testing/gemini-live-stand-in.js';
import type { LiveOut, LivePath } from '../live/live-path.js';
import { liveScript, UP_FRAME } from '../live/live-frames.js';
import { wire } from '../live/wire-clock.js';
import { collectGarbage, nowMs } from '../stats.js';

export interface LiveOptions {
  frames: number;
  turns: number;
  heapEvery: number;
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
  /** Heap used after a full GC, MB, before the first frame and every `heapEvery` frames. */
  heapMb: number[];
  /** Process CPU time (user + system) over the frames, µs per frame, GCs for the heap samples excluded (the stand-in's share included). */
  cpuUsPerFrame: number;
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

export async function runLiveConversation(path: LivePath, standIn: GeminiLiveStandIn, options: LiveOptions): Promise<LiveRun> {
  standIn.enqueue(liveScript(options.frames, options.turns));
  const arrivals = new Arrivals();
  const session = await path.open(standIn.baseUrl, arrivals.sink);
  const run: LiveRun = { path: path.name, roundTripMs: [], addedMs: [], frameworkMs: [], turnMs: [], heapMb: [heapMb()], cpuUsPerFrame: 0 };
  let cpu = 0;
  let cpuStart = process.cpuUsage();
  for (let frame = 1; frame <= options.frames; frame++) {
    const arrived = arrivals.next('audio');
    const start = nowMs();
    session.sendAudio(UP_FRAME);
    const at = await arrived;
    run.roundTripMs.push(at - start);
    run.addedMs.push(wire.sent - start + (at - wire.received));
    run.frameworkMs.push(wire.sdkSend - start + (at - wire.sdkDelivered));
    if (frame % options.heapEvery === 0) {
      cpu += cpuSince(cpuStart);
      run.heapMb.push(heapMb());
      cpuStart = process.cpuUsage();
    }
  }
  run.cpuUsPerFrame = (cpu + cpuSince(cpuStart)) / options.frames;
  for (let turn = 0; turn < options.turns; turn++) {
    const complete = arrivals.next('turnComplete');
    const start = nowMs();
    session.sendText({ role: 'user', parts: [{ text: `Turn ${turn}` }] });
    run.turnMs.push((await complete) - start);
  }
  await session.close();
  return run;
}
