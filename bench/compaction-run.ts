// The compaction benchmark (issue 25): one in-memory session of 10,000 turns (a user message and
// the model's answer each), with an App that compacts every 10 invocations (sliding window,
// overlap 1) through an instant summarizer, and the same session without compaction. Per run:
// the size of the model request's contents (JSON bytes) at every turn, and the mean time of
// the 100 turns around turn 100 and of the last 100 turns (turn 10,000), i.e. the per-turn
// overhead as the session grows — in CPU time per turn (user + system), which a loaded machine
// disturbs less than wall time (also shown). The two sessions run turn by turn in lockstep so
// that the machine's load falls on both alike. The compaction's own work (after every 10th turn) is part of
// the turn it follows.
//
//   npm run build && node dist/bench/compaction-run.js [--turns 10000]
//
// Reports; never asserts. Targets (issue 25): contents < 64 KB at every turn with compaction;
// per-turn overhead at turn 10,000 ≤ 1.2× that at turn 100.
import type { Content } from '@google/genai';
import { lastValueFrom, type Observable, of } from 'rxjs';
import { LlmAgent } from '../lib/agents/llm-agent.js';
import { App } from '../lib/apps/app.js';
import { BaseEventsSummarizer } from '../lib/compaction/base-events-summarizer.js';
import { createEvent, type Event } from '../lib/events/event.js';
import { BaseLlm } from '../lib/models/base-llm.js';
import type { LlmRequest } from '../lib/models/llm-request.js';
import type { LlmResponse } from '../lib/models/llm-response.js';
import { Runner } from '../lib/runner/runner.js';
import { InMemorySessionService } from '../lib/sessions/in-memory-session-service.js';
import { fmt, heading, progress, table, times } from './report.js';
import { collectGarbage, mean, nowMs } from './stats.js';

const TURNS = Number(process.argv[process.argv.indexOf('--turns') + 1]) || 10_000;
const WINDOW = 100;
const LIMIT_BYTES = 64 * 1024;

/** Answers at once; keeps the last request so its size can be read between turns. */
class InstantModel extends BaseLlm {
  last: LlmRequest | undefined;
  constructor() {
    super({ model: 'instant' });
  }
  generateContent(request: LlmRequest): Observable<LlmResponse> {
    this.last = request;
    return of({ content: { role: 'model', parts: [{ text: 'Noted, thank you.' }] } });
  }
}

/** Summarises at once, in a few words. */
class InstantSummarizer extends BaseEventsSummarizer {
  maybeSummarizeEvents(events: readonly Event[]): Observable<Event | undefined> {
    const first = events[0]!;
    const last = events[events.length - 1]!;
    const compactedContent: Content = { role: 'model', parts: [{ text: `${events.length} events` }] };
    return of(createEvent({ author: 'user', actions: { compaction: { startTimestamp: first.timestamp, endTimestamp: last.timestamp, compactedContent } } }));
  }
}

interface Run {
  label: string;
  turnMs: number[];
  /** CPU time (user + system) of each turn: steadier than wall time on a loaded machine. */
  turnCpuMs: number[];
  /** JSON bytes of the request's contents, per turn (measured at every turn, or every `sampleEvery`). */
  bytes: Array<[turn: number, bytes: number]>;
  storedEvents: number;
  /** CPU time ÷ wall time over the run's turns (well below 1: the process waited for a core). */
  cpuPerWall: number;
}

/** One session under test: its runner, its model, and what was measured so far. */
interface Subject {
  run: Run;
  model: InstantModel;
  runner: Runner;
  sessionService: InMemorySessionService;
  sampleEvery: number;
  cpuTotalMs: number;
  wallTotalMs: number;
}

async function subject(label: string, compact: boolean, sampleEvery: number): Promise<Subject> {
  const model = new InstantModel();
  const rootAgent = new LlmAgent({ name: 'assistant', model, instruction: 'Help the user.' });
  const sessionService = new InMemorySessionService();
  const runner = compact
    ? new Runner({ app: new App({ name: 'bench', rootAgent, eventsCompaction: { compactionInterval: 10, overlapSize: 1, summarizer: new InstantSummarizer() } }), sessionService })
    : new Runner({ appName: 'bench', agent: rootAgent, sessionService });
  await lastValueFrom(sessionService.createSession({ appName: 'bench', userId: 'u', sessionId: 's' }));
  return { run: { label, turnMs: [], turnCpuMs: [], bytes: [], storedEvents: 0, cpuPerWall: 0 }, model, runner, sessionService, sampleEvery, cpuTotalMs: 0, wallTotalMs: 0 };
}

async function turnOf(s: Subject, turn: number): Promise<void> {
  const newMessage = { role: 'user', parts: [{ text: `Message number ${turn}: please remember it.` }] };
  const start = nowMs();
  const cpuBefore = process.cpuUsage();
  await lastValueFrom(s.runner.runAsync({ userId: 'u', sessionId: 's', newMessage }));
  const cpu = process.cpuUsage(cpuBefore);
  const wall = nowMs() - start;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  s.run.turnMs.push(wall);
  s.run.turnCpuMs.push(cpuMs);
  s.wallTotalMs += wall;
  s.cpuTotalMs += cpuMs;
  if (turn % s.sampleEvery === 0 || turn === 1) s.run.bytes.push([turn, JSON.stringify(s.model.last!.contents).length]);
}

/** Runs the sessions turn by turn in lockstep (turn n of each, then turn n + 1), so that the machine's load falls on both alike. */
async function lockstep(subjects: Subject[], turns: number): Promise<Run[]> {
  collectGarbage();
  for (let turn = 1; turn <= turns; turn++) {
    for (const s of subjects) await turnOf(s, turn);
    if (turn % 2000 === 0) progress(`${turn} turns`);
  }
  for (const s of subjects) {
    const session = await lastValueFrom(s.sessionService.getSession({ appName: 'bench', userId: 'u', sessionId: 's' }));
    s.run.storedEvents = session!.events.length;
    s.run.cpuPerWall = s.cpuTotalMs / s.wallTotalMs;
  }
  return subjects.map((s) => s.run);
}

/** The mean of the `WINDOW` turns around turn `centre` (the last `WINDOW` at the end). */
function windowMean(turnMs: readonly number[], centre: number): number {
  const from = Math.max(0, Math.min(turnMs.length - WINDOW, centre - WINDOW / 2));
  return mean(turnMs.slice(from, from + WINDOW));
}

function report(runs: readonly Run[]): void {
  console.log(heading(`Compaction: one session of ${TURNS.toLocaleString('en-US')} turns (in memory), with and without compaction every 10 invocations`));
  const rows = runs.map((r) => {
    const at100 = windowMean(r.turnCpuMs, 100) * 1000;
    const atEnd = windowMean(r.turnCpuMs, r.turnCpuMs.length) * 1000;
    const wall100 = windowMean(r.turnMs, 100) * 1000;
    const wallEnd = windowMean(r.turnMs, r.turnMs.length) * 1000;
    const maxBytes = Math.max(...r.bytes.map(([, b]) => b));
    const bytesAt = (turn: number) => r.bytes.find(([t]) => t >= turn)?.[1] ?? NaN;
    return { r, at100, atEnd, wall100, wallEnd, maxBytes, bytesAt };
  });
  console.log(
    table(
      ['run', 'CPU µs/turn ≈ turn 100', `CPU µs/turn, last ${WINDOW}`, 'ratio', 'wall µs ≈ 100', 'wall µs, last', 'wall ratio', 'contents KB @100', 'contents KB @end', 'max contents KB', 'measured at', 'stored events', 'CPU/wall'],
      rows.map(({ r, at100, atEnd, wall100, wallEnd, maxBytes, bytesAt }) => [
        r.label,
        fmt(at100, 1),
        fmt(atEnd, 1),
        times(atEnd / at100, 2),
        fmt(wall100, 1),
        fmt(wallEnd, 1),
        times(wallEnd / wall100, 2),
        fmt(bytesAt(100) / 1024, 1),
        fmt(bytesAt(TURNS) / 1024, 1),
        fmt(maxBytes / 1024, 1),
        r.bytes.length >= TURNS ? 'every turn' : `every ${Math.round(TURNS / r.bytes.length)} turns`,
        r.storedEvents,
        fmt(r.cpuPerWall, 2),
      ]),
    ),
  );
  const compacted = rows.find(({ r }) => r.label === 'compaction');
  if (!compacted) return;
  const ratio = compacted.atEnd / compacted.at100;
  console.log(
    `\n${table(
      ['target', 'measured', 'result'],
      [
        ['contents < 64 KB at every turn (compaction)', `max ${fmt(compacted.maxBytes / 1024, 1)} KB`, compacted.maxBytes < LIMIT_BYTES ? 'MET' : 'NOT MET'],
        ['per-turn overhead (CPU) at the last turns ≤ 1.2× turn 100 (compaction)', times(ratio, 2), ratio <= 1.2 ? 'MET' : 'NOT MET'],
      ],
    )}`,
  );
}

// warm both paths up (JIT) on sessions of their own, then measure both sessions in lockstep
progress('warming up');
await lockstep([await subject('warm-up', true, 1000), await subject('warm-up', false, 1000)], 1000);
const runs = await lockstep([await subject('compaction', true, 1), await subject('no compaction', false, 100)], TURNS);
report(runs);
