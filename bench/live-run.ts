// The live benchmark (issue 27): rxadk's runLive and @google/adk 2.0's runLive side by side on the
// same GeminiLiveStandIn, with @google/genai's live client alone as the floor both are built on.
// Each conversation: 10,000 audio frames up, each answered by one down, then 100 transcribed
// turns. The three conversations are open at once and their frames go in blocks of 1,000, the
// paths' blocks interleaved (the order rotating: A B C, B C A, C A B, …), so a change in the
// machine's speed (the other processes on it) falls on every path alike.
//
//   npm run build && node dist/bench/live-run.js [--frames 10000] [--turns 100] [--rounds 3] [--block 1000] [--warmup-frames 1000] [--heap-every 1000] [--paths rxadk,adk]
//
// `--paths` picks the paths run beside the floor (always run): `rxadk`, `adk`, and `genai-again`,
// the floor a second time measured as a path (its "overhead" is what the bench reads for none: the
// noise of the method). The targets line needs both rxadk and adk.
//
// Overhead per frame = a block's median round trip (or CPU time per frame) − the floor's in the
// block beside it, median over every block of every round. Added latency per frame = (queue → socket send) + (socket receipt → event), the SDK's
// work included; own = (queue → the SDK's sendRealtimeInput) + (the SDK's onmessage → event), the
// framework's alone. Memory: heap after a full GC every 1,000 frames (`--heap-every`: each such GC also
// drops the shapes no live object has, and the optimized code that relied on them, so the block after
// it pays for optimizing again; a multiple of `--block` keeps the blocks alike). A block's CPU is
// also split by thread (Linux's /proc): the main thread, where every path's JavaScript and the
// stand-in run, and the others (V8's concurrent marking, sweeping and optimizing compiler), whose
// work a block counts even when another block or a heap sample started it; and "sync" is the time
// in the path's own calls per frame (`sendAudio` but the SDK's send within it, plus its
// `onmessage`): its synchronous work, with the SDK's and the stand-in's left out. Reports; never asserts.
import os from 'node:os';
import { GeminiLiveStandIn } from '../lib/testing/gemini-live-stand-in.js';
import { benchOptions } from './bench-options.js';
import { adkLivePath } from './live/adk-live-path.js';
import { genaiLivePath } from './live/genai-live-path.js';
import type { LivePath } from './live/live-path.js';
import { rxadkLivePath } from './live/rxadk-live-path.js';
import { installWireClock } from './live/wire-clock.js';
import { fmt, heading, progress, table, times } from './report.js';
import { respawnWithGc } from './respawn-with-gc.js';
import { type LiveRun, runLiveRound } from './scenarios/live.js';
import { mean, median } from './stats.js';

/** The paths `--paths` picks from; the floor is always run (every overhead is taken against it). */
const PATHS_BY_NAME = new Map<string, LivePath>([
  ['rxadk', rxadkLivePath],
  ['adk', adkLivePath],
  // the floor a second time, as a path measured against the floor: what the bench reads for no overhead at all
  ['genai-again', { ...genaiLivePath, name: '@google/genai alone, again' }],
]);

function pathsOf(names: ReadonlySet<string>): LivePath[] {
  const unknown = [...names].filter((name) => !PATHS_BY_NAME.has(name));
  if (unknown.length) throw new Error(`--paths: unknown ${unknown.join(', ')} (known: ${[...PATHS_BY_NAME.keys()].join(', ')})`);
  return [genaiLivePath, ...[...names].map((name) => PATHS_BY_NAME.get(name)!)];
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main(): Promise<void> {
  const { int, list } = benchOptions(process.argv.slice(2));
  const paths = pathsOf(list('paths', 'rxadk,adk'));
  const frames = int('frames', 10_000);
  const turns = int('turns', 100);
  const rounds = int('rounds', 3);
  const warmupFrames = int('warmup-frames', 1000);
  const block = int('block', 1000);
  const heapEvery = int('heap-every', 1000);
  await installWireClock();
  const standIn = await GeminiLiveStandIn.start({ keepMessages: false });
  try {
    progress('warm-up');
    await runLiveRound(paths, standIn, { frames: warmupFrames, turns: 10, heapEvery: warmupFrames, block: Math.ceil(warmupFrames / 4), rotation: 0 });
    const runs = new Map<string, LiveRun[]>(paths.map((path) => [path.name, []]));
    for (let round = 0; round < rounds; round++) {
      progress(`round ${round + 1}/${rounds}`);
      const done = await runLiveRound(paths, standIn, { frames, turns, heapEvery, block, rotation: round });
      for (const run of done) runs.get(run.path)!.push(run);
    }
    report(paths, runs, { frames, turns, rounds, heapEvery });
  } finally {
    await standIn.close();
  }
}

function report(paths: readonly LivePath[], runs: Map<string, LiveRun[]>, o: { frames: number; turns: number; rounds: number; heapEvery: number }): void {
  const floor = runs.get(genaiLivePath.name)!;
  // per block: the path's minus the floor's block of the same round and number (run side by side)
  const beside = (name: string, of: (block: LiveRun['blocks'][number]) => number) =>
    median(runs.get(name)!.flatMap((run, r) => run.blocks.map((block, b) => of(block) - of(floor[r]!.blocks[b]!))));
  const overhead = (name: string) => beside(name, (block) => block.roundTripMs) * 1000;
  const cpuOverhead = (name: string) => beside(name, (block) => block.cpuUsPerFrame);
  const mainCpuOverhead = (name: string) => beside(name, (block) => block.mainCpuUsPerFrame);
  const otherCpuOverhead = (name: string) => beside(name, (block) => block.otherCpuUsPerFrame);
  const syncOverhead = (name: string) => beside(name, (block) => block.syncUsPerFrame);
  const blockMedian = (all: readonly LiveRun[], of: (block: LiveRun['blocks'][number]) => number) => median(all.flatMap((run) => run.blocks.map(of)));
  const turnOverhead = (name: string) => median(runs.get(name)!.map((run, r) => mean(run.turnMs) - mean(floor[r]!.turnMs)));
  console.log(heading(`Live: ${o.frames.toLocaleString('en-US')} audio frames each way + ${o.turns} transcribed turns, ${o.rounds} rounds of interleaved blocks (GeminiLiveStandIn, @google/genai's live client)`));
  console.log(`node ${process.version}, ${os.cpus().length} cores, heap sampled (full GC) every ${o.heapEvery.toLocaleString('en-US')} frames, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const rows = paths.map((path) => {
    const all = runs.get(path.name)!;
    const added = all.flatMap((run) => run.addedMs);
    const own = all.flatMap((run) => run.frameworkMs);
    const heaps = all.map((run) => run.heapMb);
    const growth = median(heaps.map((h) => h.at(-1)! - (h.length > 2 ? h[1]! : h[0]!)));
    return [
      path.name,
      fmt(median(all.map((run) => median(run.roundTripMs))) * 1000, 1),
      path === genaiLivePath ? '—' : fmt(overhead(path.name), 1),
      fmt(median(all.map((run) => run.cpuUsPerFrame)), 1),
      path === genaiLivePath ? '—' : fmt(cpuOverhead(path.name), 1),
      `${fmt(blockMedian(all, (block) => block.mainCpuUsPerFrame), 1)} / ${fmt(blockMedian(all, (block) => block.otherCpuUsPerFrame), 1)}`,
      path === genaiLivePath ? '—' : `${fmt(mainCpuOverhead(path.name), 1)} / ${fmt(otherCpuOverhead(path.name), 1)}`,
      fmt(blockMedian(all, (block) => block.syncUsPerFrame), 1),
      path === genaiLivePath ? '—' : fmt(syncOverhead(path.name), 1),
      fmt(median(all.map((run) => run.gcUsPerFrame)), 1),
      fmt(quantile(added, 0.5) * 1000, 1),
      fmt(quantile(added, 0.99) * 1000, 1),
      fmt(quantile(added, 0.999) * 1000, 1),
      fmt(quantile(own, 0.5) * 1000, 1),
      fmt(quantile(own, 0.99) * 1000, 1),
      fmt(quantile(own, 0.999) * 1000, 1),
      fmt(median(all.map((run) => mean(run.turnMs))), 2),
      path === genaiLivePath ? '—' : fmt(turnOverhead(path.name), 2),
      heaps.map((h) => `${fmt(h.length > 2 ? h[1]! : h[0]!, 1)}→${fmt(h.at(-1)!, 1)}`).join(' '),
      fmt(growth, 2),
    ];
  });
  console.log(
    table(
      ['path', 'median round trip µs/frame', 'overhead µs/frame (median)', 'CPU µs/frame', 'CPU overhead µs/frame', 'CPU µs/frame main / other threads', 'CPU overhead main / other threads', 'sync µs/frame', 'sync overhead µs/frame', 'GC pause µs/frame', 'added p50 µs', 'added p99 µs', 'added p99.9 µs', 'own p50 µs', 'own p99 µs', 'own p99.9 µs', 'ms/turn', 'overhead ms/turn', `heap MB at frame ${o.heapEvery < o.frames ? o.heapEvery.toLocaleString('en-US') : 0}→${o.frames.toLocaleString('en-US')} (each round)`, 'heap growth MB'],
      rows,
    ),
  );
  if (runs.has(rxadkLivePath.name) && runs.has(adkLivePath.name)) printTargets(runs, o, { overhead, cpuOverhead });
  console.log(
    '(overhead: a block\'s median round trip (or CPU time per frame, the stand-in\'s included) minus the floor\'s in the block beside it, median over every block of every round; the floor is @google/genai\'s live client ' +
      'with its messages read directly. added: queue → client socket send + client socket receipt → event, per frame. ' +
      "own: queue → @google/genai's sendRealtimeInput + the SDK's onmessage → event, per frame: the framework's own latency, the SDK's excluded. " +
      "CPU main / other threads: the main thread's CPU and the other threads' (V8's GC helpers and compiler, whose work a block also counts when a heap sample or another block started it). " +
      "sync: the time in the path's own calls (sendAudio but the SDK's send within it, plus the onmessage the SDK calls), per frame: the framework's synchronous work on a frame, the stand-in's and SDK's excluded (@google/adk does most of its work later, in its async generators). " +
      'On a loaded machine the p99s mostly count the times the OS ran another process inside the window: compare them on a quiet one.)',
  );
}

/** The targets, from rxadk's and @google/adk's runs (both run). */
function printTargets(
  runs: Map<string, LiveRun[]>,
  o: { frames: number; heapEvery: number },
  { overhead, cpuOverhead }: { overhead: (name: string) => number; cpuOverhead: (name: string) => number },
): void {
  const floor = runs.get(genaiLivePath.name)!;
  const ours = overhead(rxadkLivePath.name);
  const theirs = overhead(adkLivePath.name);
  const oursCpu = cpuOverhead(rxadkLivePath.name);
  const theirsCpu = cpuOverhead(adkLivePath.name);
  const oursAdded = quantile(runs.get(rxadkLivePath.name)!.flatMap((run) => run.addedMs), 0.99);
  const oursOwn = quantile(runs.get(rxadkLivePath.name)!.flatMap((run) => run.frameworkMs), 0.99);
  const floorAdded = quantile(floor.flatMap((run) => run.addedMs), 0.99);
  console.log(
    `\nTargets: overhead per frame ≥ 5× less than @google/adk: wall ${ratio(theirs, ours)} (${fmt(theirs, 1)} µs vs ${fmt(ours, 1)} µs), ` +
      `CPU ${ratio(theirsCpu, oursCpu)} (${fmt(theirsCpu, 1)} µs vs ${fmt(oursCpu, 1)} µs); ` +
      `added latency per frame p99 ≤ 1 ms: ${fmt(oursOwn * 1000, 1)} µs rxadk's own (${fmt(oursAdded * 1000, 1)} µs with the SDK's send and parse, the floor's ${fmt(floorAdded * 1000, 1)} µs); ` +
      `memory flat: see heap growth (frame ${o.heapEvery < o.frames ? o.heapEvery.toLocaleString('en-US') : 0} → last, after a full GC).`,
  );
}

/** How many times less overhead ours is; an overhead at or below the floor's is within the machine's noise, not a ratio. */
function ratio(theirs: number, ours: number): string {
  return ours > 0 ? times(theirs / ours) : 'not measurable (rxadk at or under the floor: within the noise)';
}

if (!respawnWithGc(import.meta.url)) await main();
