// `npm run bench` (part): the per-turn cost of telemetry (issue 14). The weather turn of the
// "turns" scenario, on one session, three ways, interleaved round by round:
//   none      — no instrumentation (the Runner's default)
//   no SDK    — openTelemetry() installed, no OpenTelemetry SDK registered (the API's no-op tracer)
//   tracing   — openTelemetry() on a BasicTracerProvider whose exporter drops every span
//
//   node dist/bench/telemetry-run.js [--turns 1000] [--warmup 2000] [--repeats 5]
//
// Targets (SPEC §14): no SDK ≤ 2% above none; tracing ≤ 2× none. Reports; never asserts.
import { BasicTracerProvider, type ReadableSpan, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { count, lastValueFrom } from 'rxjs';
import { LlmAgent } from '../lib/agents/llm-agent.js';
import type { Instrumentation } from '../lib/context/invocation-context.js';
import { InMemoryRunner } from '../lib/runner/in-memory-runner.js';
import { openTelemetry } from '../lib/telemetry/open-telemetry.js';
import { benchOptions } from './bench-options.js';
import { RxadkScriptedLlm, rxadkWeatherTool } from './frameworks/rxadk.js';
import { fmt, heading, table } from './report.js';
import { respawnWithGc } from './respawn-with-gc.js';
import { WEATHER_INSTRUCTION, WEATHER_TURN } from './script.js';
import { collectGarbage, median, nowMs } from './stats.js';

/** An exporter that drops what it is given (so tracing costs the spans, not the export). */
const dropping: SpanExporter = {
  export: (_spans: ReadableSpan[], done) => done({ code: 0 }),
  shutdown: () => Promise.resolve(),
};

const VARIANTS: Array<{ label: string; instrumentation: () => Instrumentation | undefined }> = [
  { label: 'none', instrumentation: () => undefined },
  { label: 'openTelemetry(), no SDK', instrumentation: () => openTelemetry() },
  {
    label: 'openTelemetry(), tracing on',
    instrumentation: () => openTelemetry({ tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(dropping)] }) }),
  },
];

async function turns(instrumentation: Instrumentation | undefined, warmup: number, measured: number): Promise<number> {
  const agent = new LlmAgent({ name: 'weather_agent', model: new RxadkScriptedLlm(WEATHER_TURN), instruction: WEATHER_INSTRUCTION, tools: [rxadkWeatherTool()] });
  const runner = new InMemoryRunner({ agent, appName: 'bench', autoCreateSession: true, ...(instrumentation ? { instrumentation } : {}) });
  const turn = (sessionId: string) =>
    lastValueFrom(runner.runAsync({ userId: 'u', sessionId, newMessage: { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] } }).pipe(count()));
  for (let i = 0; i < warmup; i++) await turn(`warm-${i % 20}`);
  collectGarbage();
  const started = nowMs();
  for (let i = 0; i < measured; i++) await turn('measured');
  return ((nowMs() - started) * 1000) / measured;
}

async function main(): Promise<void> {
  if (respawnWithGc(import.meta.url)) return;
  const { int } = benchOptions(process.argv.slice(2));
  const measured = int('turns', 1000);
  const warmup = int('warmup', 2000);
  const repeats = int('repeats', 5);
  const runs = new Map(VARIANTS.map((v) => [v.label, [] as number[]]));
  for (let round = 0; round < repeats; round++) {
    for (const variant of VARIANTS) runs.get(variant.label)!.push(await turns(variant.instrumentation(), warmup, measured));
  }
  const base = median(runs.get('none')!);
  console.log(heading(`Telemetry: per-turn cost (weather turn, ${measured} turns after ${warmup} warm-up, median of ${repeats} interleaved rounds)`));
  console.log(
    table(
      ['instrumentation', 'µs/turn (median)', 'min … max', 'vs none'],
      VARIANTS.map((v) => {
        const values = runs.get(v.label)!;
        return [v.label, fmt(median(values), 1), `${fmt(Math.min(...values), 0)} … ${fmt(Math.max(...values), 0)}`, `${fmt(((median(values) - base) / base) * 100, 1)}%`];
      }),
    ),
  );
  const noSdk = median(runs.get('openTelemetry(), no SDK')!) / base;
  const tracing = median(runs.get('openTelemetry(), tracing on')!) / base;
  console.log(`target: no SDK ≤ 2% above none — measured ${fmt((noSdk - 1) * 100, 1)}% — ${noSdk <= 1.02 ? 'met' : 'NOT MET'}`);
  console.log(`target: tracing on ≤ 2× none — measured ${fmt(tracing, 2)}× — ${tracing <= 2 ? 'met' : 'NOT MET'}`);
}

await main();
