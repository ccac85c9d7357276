// `npm run bench` (part): the dev server's memory over many sessions (issue 15). The weather turn,
// run the way `rxadk web` runs it (AppRunners: the trace plugin, the recording instrumentation, an
// in-memory session store), 20,000 turns over 2,000 sessions, two ways:
//   bounded    — the defaults (one TraceStore: 30,000 records — hook entries and spans together —
//                and 12 million characters; content capture on, as `rxadk web` runs)
//   unbounded  — limits out of reach: what the server kept before the total bound (100 invocations
//                per session, so every turn of these 10-turn sessions stays)
// Then every session is deleted from the store directly (not through the API, which would forget
// their traces too), so what the heap still holds above its starting point is the traces.
//
//   node dist/bench/dev-server-memory.js [--turns 20000] [--sessions 2000]
//
// Reports; never asserts.
import { concatMap, from, lastValueFrom, map, range, toArray } from 'rxjs';
import { LlmAgent } from '../lib/agents/llm-agent.js';
import { AppRunners } from '../lib/server/app-runners.js';
import { appSourceOf } from '../lib/server/app-source.js';
import { runWithTrace } from '../lib/server/run-with-trace.js';
import { TraceStore } from '../lib/server/trace-store.js';
import { DEFAULT_TRACE_CHAR_LIMIT, DEFAULT_TRACE_RECORD_LIMIT, type TraceStoreOptions } from '../lib/server/trace-store-options.js';
import { InMemorySessionService } from '../lib/sessions/in-memory-session-service.js';
import { benchOptions } from './bench-options.js';
import { RxadkScriptedLlm, rxadkWeatherTool } from './frameworks/rxadk.js';
import { fmt, heading, table } from './report.js';
import { respawnWithGc } from './respawn-with-gc.js';
import { WEATHER_INSTRUCTION, WEATHER_TURN } from './script.js';
import { collectGarbage } from './stats.js';

const HUGE = 1_000_000_000;

interface Result {
  label: string;
  records: number;
  chars: number;
  heldMb: number;
}

function heapMb(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

async function measure(label: string, limits: TraceStoreOptions, turns: number, sessions: number): Promise<Result> {
  const agent = new LlmAgent({ name: 'weather_agent', model: new RxadkScriptedLlm(WEATHER_TURN), instruction: WEATHER_INSTRUCTION, tools: [rxadkWeatherTool()] });
  const sessionService = new InMemorySessionService();
  const runners = new AppRunners({
    apps: appSourceOf([{ name: 'weather', rootAgent: agent, plugins: [] }]),
    sessionService,
    traces: new TraceStore(limits),
  });
  const runner = await lastValueFrom(runners.runnerFor('weather'));
  const ids = await lastValueFrom(
    range(0, sessions).pipe(
      concatMap(() => sessionService.createSession({ appName: 'weather', userId: 'u' })),
      map((session) => session.id),
      toArray(),
    ),
  );
  const before = heapMb();
  await lastValueFrom(
    range(0, turns).pipe(
      concatMap((turn) =>
        runWithTrace(runner, runners.traces, {
          appName: 'weather',
          userId: 'u',
          sessionId: ids[turn % ids.length]!,
          newMessage: { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] },
          streaming: false,
          trace: false,
        }),
      ),
    ),
    { defaultValue: undefined },
  );
  await lastValueFrom(from(ids).pipe(concatMap((sessionId) => sessionService.deleteSession({ appName: 'weather', userId: 'u', sessionId }))), { defaultValue: undefined });
  const held = heapMb() - before;
  return { label, records: runners.traces.size, chars: runners.traces.chars, heldMb: held };
}

async function main(): Promise<void> {
  const { int } = benchOptions(process.argv.slice(2));
  const turns = int('turns', 20_000);
  const sessions = int('sessions', 2_000);
  console.log(heading(`Dev server memory: ${turns} weather turns over ${sessions} sessions, sessions then deleted from the store`));
  const results = [
    await measure('bounded (defaults)', { maxRecords: DEFAULT_TRACE_RECORD_LIMIT, maxChars: DEFAULT_TRACE_CHAR_LIMIT }, turns, sessions),
    await measure('unbounded (before)', { maxRecords: HUGE, maxChars: HUGE }, turns, sessions),
  ];
  console.log(table(['traces', 'records kept', 'characters kept', 'heap still held (MB)'], results.map((r) => [r.label, r.records, r.chars, fmt(r.heldMb)])));
}

if (!respawnWithGc(import.meta.url)) await main();
