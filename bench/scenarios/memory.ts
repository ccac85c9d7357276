// Scenario "memory": what the in-memory sessions cost to keep, for rxadk and the plain-JS floor.
// (a) One session grown to `events` stored events (4 per weather turn): heap retained per stored
//     event, measured after full GCs, against the heap before the session existed.
// (b) `sessions` sessions of one turn each, then nothing running: heap per idle session, and the
//     process RSS while they are all held.
// bench/memory-run.ts measures each framework in its own process (so that RSS is that
// framework's alone); the apps are kept referenced until their figures are taken.
import type { BenchApp, Framework } from '../frameworks/framework.js';
import { progress } from '../report.js';
import { collectGarbage } from '../stats.js';

/** What {@link runMemoryScenario} measures. */
export interface MemoryOptions {
  /** Stored events of the long session (default 10,000). */
  events: number;
  /** Idle sessions (default 1,000). */
  sessions: number;
}

/** One framework's memory figures. */
export interface MemoryRun {
  framework: string;
  storedEvents: number;
  bytesPerStoredEvent: number;
  idleSessions: number;
  bytesPerIdleSession: number;
  /** Mean JSON size of a stored event of the long session, when the framework reports it. */
  jsonBytesPerStoredEvent?: number;
  rssBytes: number;
}

/** Events a weather turn stores: the user's message, the call, the response, the answer. */
export const EVENTS_PER_TURN = 4;

/** The last measured apps, kept so that nothing of theirs is collected before the figures are taken. */
const held: BenchApp[] = [];

/** Heap used after two full GCs (the second one collects what the first one's finalizers freed). */
function settledHeap(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

async function longSession(app: BenchApp, events: number): Promise<number> {
  await app.createSession('long');
  for (let turn = 0; turn < events / EVENTS_PER_TURN; turn++) await app.runTurn('long', `What is the weather in Paris? (${turn})`);
  return app.storedEventCount('long');
}

async function idleSessions(app: BenchApp, sessions: number): Promise<void> {
  for (let i = 0; i < sessions; i++) {
    await app.createSession(`idle${i}`);
    await app.runTurn(`idle${i}`, 'What is the weather in Paris?');
  }
}

/**
 * Measures one framework's memory figures in this process (run it in a fresh process: RSS counts
 * everything the process holds).
 *
 * @example
 * ```ts
 * const run = await measureMemory(rxadk, { events: 10_000, sessions: 1_000 });
 * ```
 */
export async function measureMemory(framework: Framework, options: MemoryOptions): Promise<MemoryRun> {
  collectGarbage();
  progress(`memory: ${framework.name}, one session of ${options.events} events, then ${options.sessions} idle sessions`);
  const longApp = framework.weatherApp();
  await idleSessions(longApp, 50); // warms the code paths up; these sessions are part of the baseline
  const before = settledHeap();
  const storedEvents = await longSession(longApp, options.events);
  const afterLong = settledHeap();
  const jsonSize = await longApp.storedEventsJsonSize?.('long');
  const idleApp = framework.weatherApp();
  await idleSessions(idleApp, options.sessions);
  const afterIdle = settledHeap();
  const rssBytes = process.memoryUsage().rss;
  held.length = 0; // the apps were held (by their locals) until here
  held.push(longApp, idleApp);
  return {
    framework: framework.name,
    storedEvents,
    bytesPerStoredEvent: (afterLong - before) / storedEvents,
    idleSessions: options.sessions,
    bytesPerIdleSession: (afterIdle - afterLong) / options.sessions,
    ...(jsonSize === undefined ? {} : { jsonBytesPerStoredEvent: jsonSize / storedEvents }),
    rssBytes,
  };
}
