// What one live audio frame (and one transcribed turn) costs rxadk in counters that do not depend
// on the machine's load (issue 27's overhead per frame). One process, on one GeminiLiveStandIn:
// @google/genai's live client alone (the floor) and rxadk's runLive, each in its own
// conversation: warm-up frames, then the counted frames (one in flight, as the live bench sends
// them), then the counted turns.
//
//   node --expose-gc dist/bench/live-probe.js [--frames 2000] [--turns 50] [--sites]
//
// Printed per path: Observable subscriptions per frame and per turn; bytes allocated per frame
// (V8's sampling heap profiler, 128-byte interval, objects later collected included: the SDK's JSON
// and the stand-in's share are in the floor's too). With `--sites` (a third batch of frames):
// rxadk's own bytes per frame, those whose innermost JavaScript function is in rxadk's lib/ (the
// stand-in aside) or in RxJS, by function.
import { Session } from 'node:inspector/promises';
import { GeminiLiveStandIn } from '../lib/testing/gemini-live-stand-in.js';
import { genaiLivePath } from './live/genai-live-path.js';
import { liveScript, UP_FRAME } from './live/live-frames.js';
import type { LiveOut, LivePath, LiveSession } from './live/live-path.js';
import { rxadkLivePath } from './live/rxadk-live-path.js';
import { countSubscriptions, sampledAllocation } from './probe-counters.js';
import { collectGarbage } from './stats.js';

const INTERVAL = 128;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] ?? fallback : fallback;
}

/** One open conversation, and a way to wait for its next output of a kind. */
interface Conversation {
  session: LiveSession;
  next(want: keyof LiveOut): Promise<void>;
}

async function open(path: LivePath, standIn: GeminiLiveStandIn, frames: number, turns: number): Promise<Conversation> {
  standIn.enqueue(liveScript(frames, turns));
  let waiting: { want: keyof LiveOut; resolve: () => void } | undefined;
  const session = await path.open(standIn.baseUrl, (out) => {
    if (waiting && out[waiting.want]) {
      const { resolve } = waiting;
      waiting = undefined;
      resolve();
    }
  });
  return { session, next: (want) => new Promise<void>((resolve) => (waiting = { want, resolve })) };
}

async function sendFrames(conversation: Conversation, frames: number): Promise<void> {
  for (let frame = 0; frame < frames; frame++) {
    const arrived = conversation.next('audio');
    conversation.session.sendAudio(UP_FRAME);
    await arrived;
  }
}

async function sendTurns(conversation: Conversation, turns: number, from: number): Promise<void> {
  for (let turn = 0; turn < turns; turn++) {
    const complete = conversation.next('turnComplete');
    conversation.session.sendText({ role: 'user', parts: [{ text: `Turn ${from + turn}` }] });
    await complete;
  }
}

interface Counts {
  subscriptionsPerFrame: number;
  bytesPerFrame: number;
  subscriptionsPerTurn: number;
  sites?: Map<string, number>;
}

async function probe(path: LivePath, standIn: GeminiLiveStandIn, frames: number, turns: number, sites: boolean): Promise<Counts> {
  const warmup = 2000;
  const conversation = await open(path, standIn, warmup + (sites ? 3 : 2) * frames, 2 * turns);
  await sendFrames(conversation, warmup);
  collectGarbage();
  const subscriptionsPerFrame = (await countSubscriptions(() => sendFrames(conversation, frames))) / frames;
  const bytesPerFrame = (await sampledAllocation(() => sendFrames(conversation, frames), INTERVAL)) / frames;
  const siteBytes = sites ? await allocationSites(() => sendFrames(conversation, frames)) : undefined;
  await sendTurns(conversation, turns, 0);
  const subscriptionsPerTurn = (await countSubscriptions(() => sendTurns(conversation, turns, turns))) / turns;
  await conversation.session.close();
  return { subscriptionsPerFrame, bytesPerFrame, subscriptionsPerTurn, ...(siteBytes ? { sites: new Map([...siteBytes].map(([site, bytes]) => [site, bytes / frames])) } : {}) };
}

interface ProfileNode {
  selfSize: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children: ProfileNode[];
}

/**
 * The bytes `work` allocates by the innermost JavaScript function on each sample's stack (a
 * builtin's bytes go to the function that called it), keyed `function file:line`.
 */
async function allocationSites(work: () => Promise<void>): Promise<Map<string, number>> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: INTERVAL, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await work();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  const bytes = new Map<string, number>();
  const walk = (node: ProfileNode, site: string) => {
    const { url, functionName, lineNumber } = node.callFrame;
    const here = url ? `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}` : site;
    if (node.selfSize) bytes.set(here, (bytes.get(here) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, here);
  };
  walk(profile.head as unknown as ProfileNode, '(no JavaScript frame)');
  return bytes;
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules);
  const lib = url.indexOf('/lib/');
  return lib >= 0 ? url.slice(lib + 1) : url;
}

/** rxadk's own bytes: allocated in rxadk's library (the stand-in under lib/testing/ aside) or in RxJS. */
function isRxadks(site: string): boolean {
  return (site.includes(' lib/') && !site.includes(' lib/testing/')) || site.includes('node_modules/rxjs/');
}

async function main(): Promise<void> {
  const frames = Number(option('frames', '2000'));
  const turns = Number(option('turns', '50'));
  const sites = process.argv.includes('--sites');
  const standIn = await GeminiLiveStandIn.start({ keepMessages: false });
  try {
    const floor = await probe(genaiLivePath, standIn, frames, turns, false);
    const rxadk = await probe(rxadkLivePath, standIn, frames, turns, sites);
    console.log(`live probe: ${frames} frames and ${turns} transcribed turns per path, after 2000 warm-up frames (node ${process.version})`);
    for (const [name, counts] of [
      [genaiLivePath.name, floor],
      [rxadkLivePath.name, rxadk],
    ] as const) {
      console.log(`${name}: subscriptions per frame ${counts.subscriptionsPerFrame.toFixed(2)}, per turn ${counts.subscriptionsPerTurn.toFixed(1)}; allocated per frame ${(counts.bytesPerFrame / 1024).toFixed(2)} KB`);
    }
    console.log(`rxadk − floor per frame: ${(rxadk.bytesPerFrame - floor.bytesPerFrame).toFixed(0)} B (the stand-in's and the SDK's variation included)`);
    if (rxadk.sites) {
      const own = [...rxadk.sites].filter(([site]) => isRxadks(site)).sort((a, b) => b[1] - a[1]);
      console.log(`rxadk's own bytes per frame (innermost JavaScript function in rxadk's lib/ or RxJS, ${INTERVAL}-byte sampling): ${own.reduce((sum, [, bytes]) => sum + bytes, 0).toFixed(0)} B`);
      for (const [site, bytes] of own) if (bytes >= 8) console.log(`  ${bytes.toFixed(0).padStart(6)} B  ${site}`);
    }
  } finally {
    await standIn.close();
  }
}

if (!(globalThis as { gc?: unknown }).gc) console.error('run with node --expose-gc (the counted frames start after a full GC)');
await main();
