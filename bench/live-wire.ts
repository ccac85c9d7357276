// What each path of the live bench puts on the wire and into the event loop per audio frame (issue
// 27): the client socket's messages each way (count and bytes) and the asynchronous resources
// created (Promises, ticks, immediates, timers: node's async_hooks), per frame, for the floor
// (@google/genai alone), rxadk and @google/adk, one after the other on one GeminiLiveStandIn. The
// bench's own per-frame Promise (waiting for the answer) is in every path's count. Counts, not
// times: they do not depend on the machine's load.
//
//   npm run build && node dist/bench/live-wire.js [--frames 2000]
//
// Reports; never asserts.
import { createHook } from 'node:async_hooks';
import { WebSocket } from 'ws';
import { GeminiLiveStandIn } from '../lib/testing/gemini-live-stand-in.js';
import { benchOptions } from './bench-options.js';
import { adkLivePath } from './live/adk-live-path.js';
import { genaiLivePath } from './live/genai-live-path.js';
import { liveScript, UP_FRAME } from './live/live-frames.js';
import type { LivePath, LiveSession } from './live/live-path.js';
import { rxadkLivePath } from './live/rxadk-live-path.js';
import { table } from './report.js';

/** What the counters saw while counting. */
interface Seen {
  counting: boolean;
  sent: number;
  sentBytes: number;
  received: number;
  receivedBytes: number;
  resources: Map<string, number>;
}

const seen: Seen = { counting: false, sent: 0, sentBytes: 0, received: 0, receivedBytes: 0, resources: new Map() };

/** Counts the client sockets' messages (not the stand-in's server sockets) and every async resource created. */
function installCounters(): void {
  const proto = WebSocket.prototype as unknown as {
    _isServer?: boolean;
    send: (data: unknown, ...rest: unknown[]) => void;
    emit: (event: string | symbol, ...args: unknown[]) => boolean;
  };
  const send = proto.send;
  const emit = proto.emit;
  proto.send = function (this: typeof proto, data: unknown, ...rest: unknown[]) {
    if (seen.counting && !this._isServer) {
      seen.sent++;
      seen.sentBytes += Buffer.byteLength(String(data));
    }
    return send.call(this, data, ...rest);
  };
  proto.emit = function (this: typeof proto, event: string | symbol, ...args: unknown[]) {
    if (seen.counting && event === 'message' && !this._isServer) {
      seen.received++;
      seen.receivedBytes += (args[0] as Buffer).length;
    }
    return emit.call(this, event, ...args);
  };
  createHook({
    init(_id, type) {
      if (seen.counting) seen.resources.set(type, (seen.resources.get(type) ?? 0) + 1);
    },
  }).enable();
}

/** Sends `frames` audio frames, one in flight, each awaited until its answer is an event. */
async function sendFrames(session: LiveSession, answered: () => Promise<void>, frames: number): Promise<void> {
  for (let i = 0; i < frames; i++) {
    const answer = answered();
    session.sendAudio(UP_FRAME);
    await answer;
  }
}

async function countPath(path: LivePath, standIn: GeminiLiveStandIn, frames: number): Promise<string[]> {
  standIn.enqueue(liveScript(2 * frames, 0));
  let resolve: () => void = () => undefined;
  const session = await path.open(standIn.baseUrl, (out) => (out.audio ? resolve() : undefined));
  const answered = () => new Promise<void>((done) => (resolve = done));
  await sendFrames(session, answered, frames); // warm-up
  Object.assign(seen, { counting: true, sent: 0, sentBytes: 0, received: 0, receivedBytes: 0, resources: new Map() });
  await sendFrames(session, answered, frames);
  seen.counting = false;
  await session.close();
  const per = (n: number) => (n / frames).toFixed(2);
  const resources = [...seen.resources].sort(([a], [b]) => a.localeCompare(b)).map(([type, n]) => `${type} ${per(n)}`);
  return [path.name, per(seen.sent), per(seen.sentBytes), per(seen.received), per(seen.receivedBytes), resources.join(', ')];
}

async function main(): Promise<void> {
  const frames = benchOptions(process.argv.slice(2)).int('frames', 2000);
  installCounters();
  const standIn = await GeminiLiveStandIn.start({ keepMessages: false });
  try {
    const rows: string[][] = [];
    for (const path of [genaiLivePath, rxadkLivePath, adkLivePath]) rows.push(await countPath(path, standIn, frames));
    console.log(`Live wire and event loop per audio frame (${frames.toLocaleString('en-US')} frames per path, after as many to warm up)`);
    console.log(table(['path', 'messages sent', 'bytes sent', 'messages received', 'bytes received', 'async resources created'], rows));
  } finally {
    await standIn.close();
  }
}

await main();
