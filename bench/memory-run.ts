// The memory benchmark (issue 16): heap retained per stored event in one in-memory session of
// 10,000 events, heap per idle session and the RSS of a process holding 1,000 idle sessions, for
// rxadk and the hand-written plain-JS floor, each in its own process.
//
//   npm run build && node dist/bench/memory-run.js [--framework rxadk,plain] [--events 10000] [--sessions 1000]
//
// Reports; never asserts. Targets (set from the floor): ≤ 1.5× the floor's heap per stored event,
// ≤ 8 KB of heap per idle session.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './bench-options.js';
import type { Framework } from './frameworks/framework.js';
import { rxadk } from './frameworks/rxadk.js';
import { plainJs } from './reference/plain-js.js';
import { fmt, heading, table, times } from './report.js';
import { EVENTS_PER_TURN, measureMemory, type MemoryOptions, type MemoryRun } from './scenarios/memory.js';

const FRAMEWORKS = new Map<string, Framework>([
  ['rxadk', rxadk],
  ['plain', plainJs],
]);
const CHILD = 'RXADK_MEMORY_CHILD';

/** In a child process: measures the framework named by the environment, prints one JSON line. */
async function child(name: string, options: MemoryOptions): Promise<void> {
  const framework = FRAMEWORKS.get(name);
  if (!framework) throw new Error(`Unknown framework "${name}" (known: ${[...FRAMEWORKS.keys()].join(', ')}).`);
  console.log(JSON.stringify(await measureMemory(framework, options)));
}

/** Runs one framework in a fresh process (with --expose-gc) and reads its figures. */
function inChild(name: string): MemoryRun {
  const result = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    env: { ...process.env, [CHILD]: name },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`The memory run of ${name} failed (exit ${result.status}).`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as MemoryRun;
}

function report(runs: readonly MemoryRun[]): void {
  console.log(heading('Memory: one in-memory session, then idle sessions (each framework in its own process)'));
  console.log(
    table(
      ['framework', 'stored events', 'heap B per stored event', 'idle sessions', 'heap KB per idle session', 'RSS MB'],
      runs.map((r) => [r.framework, r.storedEvents, fmt(r.bytesPerStoredEvent, 0), r.idleSessions, fmt(r.bytesPerIdleSession / 1024, 2), fmt(r.rssBytes / 1e6, 0)]),
    ),
  );
  const ours = runs.find((r) => r.framework === rxadk.name);
  const floor = runs.find((r) => r.framework === plainJs.name);
  if (!ours) return;
  const rows: string[][] = [];
  if (floor) {
    const ratio = ours.bytesPerStoredEvent / floor.bytesPerStoredEvent;
    rows.push(['heap per stored event ≤ 1.5× the floor', `${fmt(ours.bytesPerStoredEvent, 0)} B (${times(ratio, 2)})`, ratio <= 1.5 ? 'MET' : 'NOT MET']);
  }
  const perIdleKb = ours.bytesPerIdleSession / 1024;
  rows.push(['heap per idle session ≤ 8 KB', `${fmt(perIdleKb, 2)} KB`, perIdleKb <= 8 ? 'MET' : 'NOT MET']);
  // issue 30: an idle session (one turn) apart from its events, and an event against its JSON
  // (the idle sessions' events are smaller than the long session's: their texts are shared)
  const allowedKb = 2 + (EVENTS_PER_TURN * ours.bytesPerStoredEvent) / 1024;
  rows.push([`heap per idle session ≤ 2 KB plus its ${EVENTS_PER_TURN} events`, `${fmt(perIdleKb, 2)} KB, all included (≤ ${fmt(allowedKb, 2)} KB)`, perIdleKb <= allowedKb ? 'MET' : 'NOT MET']);
  if (ours.jsonBytesPerStoredEvent) {
    const ratio = ours.bytesPerStoredEvent / ours.jsonBytesPerStoredEvent;
    const floorRatio = floor?.jsonBytesPerStoredEvent ? ` (the floor: ${times(floor.bytesPerStoredEvent / floor.jsonBytesPerStoredEvent, 2)})` : '';
    rows.push(['heap per stored event ≤ 2× its JSON size', `${fmt(ours.bytesPerStoredEvent, 0)} B for ${fmt(ours.jsonBytesPerStoredEvent, 0)} B of JSON (${times(ratio, 2)})${floorRatio}`, ratio <= 2 ? 'MET' : 'NOT MET']);
  }
  console.log(`\n${table(['target', 'measured', 'result'], rows)}`);
}

async function main(): Promise<void> {
  const { value, int } = benchOptions(process.argv.slice(2));
  const options: MemoryOptions = { events: int('events', 10_000), sessions: int('sessions', 1_000) };
  const childName = process.env[CHILD];
  if (childName) return child(childName, options);
  const names = (value('framework') ?? 'rxadk,plain').split(',').map((s) => s.trim()).filter(Boolean);
  report(names.map(inChild));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
