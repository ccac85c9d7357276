// `npm run bench`: rxadk and @google/adk side by side on the same scripted work (SPEC §14); with
// `--framework plain`, the floors: the same work by hand without a framework or engine.
//
//   node dist/bench/run.js [--scenario turns,parallel,handles,heap,streaming] [--framework rxadk,adk,plain,ai]
//                          [--turns 1000] [--adk-turns 1000] [--sessions 20] [--session-turns 100]
//                          [--warmup 2000] [--repeats 5] [--floor-rounds 6]
//                          [--chunks 10000] [--stream-warmup 2] [--stream-repeats 6]
//                          [--provider scriptedllm,gemini,openai,anthropic]
//                          [--wf-width 100] [--wf-loop 1000] [--wf-rounds 6] [--wf-warmup 30] [--wf-runs 10] [--wf-hang 30]
//
// Re-runs itself under `node --expose-gc` (unless it already has it) so that a full GC runs
// before each measured run. Reports; never asserts.
import os from 'node:os';
import type { Framework } from './frameworks/framework.js';
import { rxadk } from './frameworks/rxadk.js';
import { adk } from './reference/adk.js';
import { aiSdk } from './reference/ai-sdk.js';
import { plainJs } from './reference/plain-js.js';
import { respawnWithGc } from './respawn-with-gc.js';
import { benchOptions } from './bench-options.js';
import { fmt, heading, table, times } from './report.js';
import { heapReport, runAbortListenerHeapScenario } from './scenarios/abort-listener-heap.js';
import { runOpenHandlesScenario, summarizeResources, type OpenHandlesResult } from './scenarios/open-handles.js';
import { runParallelToolsScenario, type ParallelRun } from './scenarios/parallel-tools.js';
import { runStreamingScenario } from './scenarios/streaming.js';
import { runnerAboveAdapterTarget, scriptedRunnerTarget, streamingTables, streamingTarget } from './streaming/streaming-report.js';
import { buckets, runTurnsScenario, statsOf, type TurnsResult, type TurnsRun } from './scenarios/turns.js';
import { distributionTable, distributionTargets } from './turns-distribution.js';
import { floorRoundsTable, floorRoundsTargets, runFloorRounds, SUPERSEDED_BY_ROUNDS } from './floor-rounds.js';
import { fanOutWarmupRuns, runWorkflowsScenario, type WorkflowsOptions } from './scenarios/workflows.js';
import type { WorkflowFramework } from './workflows/workflow-framework.js';
import { rxadkWorkflows } from './workflows/rxadk-workflows.js';
import { adkWorkflows } from './reference/adk-workflows.js';
import { floorWorkflows } from './reference/plain-workflows.js';
import { workflowsTables, workflowsTargets } from './workflows/workflows-report.js';

interface Options {
  scenarios: Set<string>;
  frameworks: Set<string>;
  turns: number;
  adkTurns: number;
  /** Turns of the Vercel AI SDK's single-session run (`--framework ai`; it costs ~0.1 s a turn at 1000). */
  aiTurns: number;
  sessions: number;
  sessionTurns: number;
  warmup: number;
  repeats: number;
  chunks: number;
  streamWarmup: number;
  streamRepeats: number;
  providers: Set<string>;
  /** Interleaved rxadk/floor rounds the floor targets are read from. */
  floorRounds: number;
  /** The workflow scenarios (issue 24). */
  workflows: WorkflowsOptions;
}

function parseOptions(argv: readonly string[]): Options {
  const { int, list } = benchOptions(argv);
  const turns = int('turns', 1000);
  return {
    scenarios: list('scenario', 'turns,parallel,handles,heap,streaming,workflows'),
    frameworks: list('framework', 'rxadk,adk,plain,ai'),
    turns,
    adkTurns: int('adk-turns', turns),
    aiTurns: int('ai-turns', 200),
    sessions: int('sessions', 20),
    sessionTurns: int('session-turns', 100),
    warmup: int('warmup', 2000), // both frameworks reach JIT steady state (rxadk's many small functions need ~2000 turns)
    repeats: int('repeats', 5),
    floorRounds: int('floor-rounds', 6), // even: half the rounds run rxadk first, half the floor
    chunks: int('chunks', 10_000),
    streamWarmup: int('stream-warmup', 2),
    streamRepeats: int('stream-repeats', 6), // issue 30: the median of 6 interleaved rounds
    providers: list('provider', 'scriptedllm,gemini,openai,anthropic'),
    workflows: {
      width: int('wf-width', 100),
      loopSteps: int('wf-loop', 1000),
      rounds: int('wf-rounds', 6), // even: half the rounds run rxadk first, half @google/adk
      warmupRuns: int('wf-warmup', 30),
      runs: int('wf-runs', 10),
      window: 100,
      hangMs: int('wf-hang', 30) * 1000,
    },
  };
}

const WINDOW = 50;

function turnsTables(result: TurnsResult): string[] {
  const out: string[] = [];
  const rows = (runs: TurnsRun[], withWindows: boolean) =>
    runs.map((run) => {
      const s = statsOf(run, WINDOW);
      return [
        run.framework,
        run.label,
        fmt(run.totalMs / 1000, 2),
        fmt(s.turnsPerSecond, 0),
        fmt(s.usPerTurn, 1),
        fmt(s.eventsPerTurn, 0),
        fmt(s.usPerEvent, 1),
        run.eventsStored,
        withWindows ? fmt(s.firstWindowMs * 1000, 1) : '—',
        withWindows ? fmt(s.lastWindowMs * 1000, 1) : '—',
        withWindows ? times(s.growth) : '—',
        fmt(run.cpuPerWall, 2),
      ];
    });
  const header = [
    'framework',
    'run',
    'total s',
    'turns/s',
    'µs/turn',
    'ev/turn',
    'µs/event',
    'stored ev',
    `first ${WINDOW} µs/turn`,
    `last ${WINDOW} µs/turn`,
    'last/first',
    'cpu/wall',
  ];
  out.push(table(header, [...rows(result.single, true), ...rows(result.multi, false)]));
  out.push(
    `(µs/event = µs/turn ÷ events emitted per turn; "stored ev" counts the user events too. ` +
      `first/last ${WINDOW}: mean wall time of the session's first and last ${WINDOW} turns; ` +
      `cpu/wall: process CPU time ÷ wall time, well below 1 = the run waited for a core.)`,
  );
  return out;
}

const BUCKET = 100;

/** How a turn's cost changes along the single-session run. */
function growthTable(result: TurnsResult): string {
  const runs = result.single;
  const width = Math.max(...runs.map((run) => run.turnMs.length));
  const header = ['framework'];
  for (let start = 0; start < width; start += BUCKET) header.push(`${start + 1}–${Math.min(start + BUCKET, width)}`);
  return table(
    header,
    runs.map((run) => [run.framework, ...buckets(run, BUCKET).map((ms) => fmt(ms * 1000, 0))]),
  );
}

function ratioRows(result: TurnsResult): Array<[string, number]> {
  const pair = (runs: TurnsRun[]) => {
    const ours = runs.find((r) => r.framework === rxadk.name);
    const theirs = runs.find((r) => r.framework === adk.name);
    return ours && theirs ? ([statsOf(ours, WINDOW), statsOf(theirs, WINDOW)] as const) : undefined;
  };
  const rows: Array<[string, number]> = [];
  const single = pair(result.single);
  if (single) {
    const [ours, theirs] = single;
    rows.push([`1 session: µs/turn over the whole run`, theirs.usPerTurn / ours.usPerTurn]);
    rows.push([`1 session: first ${WINDOW} turns`, theirs.firstWindowMs / ours.firstWindowMs]);
    rows.push([`1 session: last ${WINDOW} turns`, theirs.lastWindowMs / ours.lastWindowMs]);
  }
  const multi = pair(result.multi);
  if (multi) {
    const [ours, theirs] = multi;
    rows.push([`${result.multi[0]!.sessions} sessions: µs/turn over the whole run`, theirs.usPerTurn / ours.usPerTurn]);
  }
  return rows;
}

function parallelTable(runs: ParallelRun[], options: Options): string {
  return table(
    ['framework', 'turns', 'median ms', 'min ms', 'max ms', 'ev/turn', 'each run (ms)'],
    runs.map((run) => [
      run.framework,
      options.repeats,
      fmt(run.medianMs, 1),
      fmt(run.minMs, 1),
      fmt(run.maxMs, 1),
      fmt(run.eventsPerTurn, 0),
      run.wallMs.map((ms) => fmt(ms, 0)).join(' '),
    ]),
  );
}

function handlesReport(result: OpenHandlesResult): string {
  return [
    table(
      ['moment', 'active resources (process.getActiveResourcesInfo())'],
      [
        ['before the turn', summarizeResources(result.baseline)],
        [`${result.unsubscribeAfterMs} ms in (tool waiting)`, summarizeResources(result.whileRunning)],
        ['after unsubscribe', summarizeResources(result.afterUnsubscribe)],
        ['new since before', summarizeResources(result.leaked)],
      ],
    ),
    `tool started: ${result.toolStarted}; its ctx.abortSignal fired: ${result.toolAbortSignalFired}; ` +
      `events received: ${result.eventsReceived}; events stored at unsubscribe: ${result.storedAtUnsubscribe}, ` +
      `100 ms later: ${result.storedLater}`,
  ].join('\n');
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const keys = new Map<Framework, string>([[rxadk, 'rxadk'], [adk, 'adk'], [plainJs, 'plain'], [aiSdk, 'ai']]);
  const frameworks: Framework[] = [...keys.keys()].filter((f) => options.frameworks.has(keys.get(f)!));
  const gc = !!(globalThis as { gc?: unknown }).gc;
  const cpus = os.cpus();
  console.log(heading('rxadk benchmark (SPEC §14)'));
  console.log(
    `${new Date().toISOString()} · Node ${process.version} · ${os.platform()} ${os.arch()} · ` +
      `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}) · GC between runs: ${gc ? 'yes' : 'no'}`,
  );
  const adkVersion = await import('@google/adk/package.json', { with: { type: 'json' } })
    .then((m: { default: { version: string } }) => m.default.version)
    .catch(() => 'unknown');
  console.log(`@google/adk ${adkVersion} (reference), both driven by a scripted model answering instantly.`);
  console.log(`Load average at start (1/5/15 min): ${loadAverage()}`);

  const summary: Array<[string, string, string]> = [];
  let turns: TurnsResult | undefined;
  if (options.scenarios.has('turns')) {
    turns = await runTurnsScenario(
      frameworks,
      {
        warmupTurns: options.warmup,
        turns: options.turns,
        sessions: options.sessions,
        turnsPerSession: options.sessionTurns,
        window: WINDOW,
      },
      (f) => (f === adk ? options.adkTurns : f === aiSdk ? options.aiTurns : options.turns),
    );
    console.log(heading('Scenario "turns": per turn 1 tool call (get_weather) + 1 answer = 2 model calls, 3 events'));
    console.log(
      `Before each measured run: a full GC, then ${options.warmup} warm-up turns of the same framework ` +
        `(sessions of 50 turns, not measured).`,
    );
    if (options.adkTurns !== options.turns) {
      console.log(`NOTE: @google/adk's single-session run was shortened to ${options.adkTurns} turns (--adk-turns).`);
    }
    for (const line of turnsTables(turns)) console.log(line);
    console.log(`\nMean µs per turn of each ${BUCKET}-turn stretch of the single-session run (turn numbers):`);
    console.log(growthTable(turns));
    console.log('\nDistribution of the single-session run (GC share: GC pauses ÷ wall time; RSS right after the run):');
    console.log(distributionTable(turns.single, WINDOW));
    const ratios = ratioRows(turns);
    if (ratios.length) {
      console.log('\nPer-turn overhead ratio (@google/adk µs per turn ÷ rxadk µs per turn):');
      console.log(table(['measure', 'ratio'], ratios.map(([label, ratio]) => [label, times(ratio)])));
      const headline = ratios.filter(([label]) => label.includes('whole run'));
      const worst = Math.min(...headline.map(([, r]) => r));
      summary.push([
        'per-turn overhead ≥ 20× below @google/adk',
        headline.map(([label, r]) => `${label.split(':')[0]}: ${times(r)}`).join('; '),
        worst >= 20 ? 'MET' : 'NOT MET',
      ]);
    }
    const ours = turns.single.find((r) => r.framework === rxadk.name);
    const floor = turns.single.find((r) => r.framework === plainJs.name);
    if (ours && floor) {
      const ratio = statsOf(ours, WINDOW).usPerTurn / statsOf(floor, WINDOW).usPerTurn;
      console.log(`\nrxadk ÷ the hand-written plain-JS loop (mean µs per turn, single session): ${times(ratio)}`);
      for (const reference of turns.single.filter((r) => r.framework === aiSdk.name)) {
        console.log(`${reference.framework} ÷ rxadk (mean µs per turn, ${reference.turns} turns): ${times(statsOf(reference, WINDOW).usPerTurn / statsOf(ours, WINDOW).usPerTurn)}`);
      }
      summary.push(['mean per-turn cost ≤ 5× the plain-JS loop', `rxadk ${times(ratio)}`, ratio <= 5 ? 'MET' : 'NOT MET']);
    }
    if (ours) summary.push(...distributionTargets(ours, turns.single.find((r) => r.framework === adk.name), WINDOW, floor));
    if (ours) {
      const s = statsOf(ours, WINDOW);
      const theirs = turns.single.find((r) => r.framework === adk.name);
      const ref = theirs ? ` (@google/adk: ${times(statsOf(theirs, WINDOW).growth)})` : '';
      summary.push([
        `last ${WINDOW} ≤ 3× first ${WINDOW} turns over ${ours.turns} turns`,
        `rxadk ${times(s.growth, 2)}${ref}`,
        s.growth <= 3 ? 'MET' : 'NOT MET',
      ]);
    }
    if (ours && floor && options.floorRounds > 1) {
      const rounds = await runFloorRounds(rxadk, plainJs, { turns: options.turns, warmupTurns: options.warmup }, options.floorRounds);
      console.log(`\nrxadk and the plain-JS floor in ${options.floorRounds} interleaved rounds (each run: a full GC, ${options.warmup} warm-up turns, ${options.turns} turns on one session):`);
      console.log(floorRoundsTable(rounds, WINDOW));
      const fromRounds = floorRoundsTargets(rounds, WINDOW);
      const replaced = (target: string) => SUPERSEDED_BY_ROUNDS.has(target) || target.startsWith('growth ≤ 1.3× over');
      summary.splice(0, summary.length, ...summary.filter(([target]) => !replaced(target)), ...fromRounds);
    }
  }

  if (options.scenarios.has('parallel')) {
    const parallelOptions = { tools: 10, delayMs: 100, repeats: options.repeats };
    const runs = await runParallelToolsScenario(frameworks, parallelOptions);
    console.log(heading('Scenario "parallel tools": one turn, the model calls 10 tools at once, each waits 100 ms'));
    console.log(`One warm-up turn, then ${options.repeats} measured turns, each on a fresh session; wall time of the whole turn.`);
    console.log(parallelTable(runs, options));
    const ours = runs.find((r) => r.framework === rxadk.name);
    if (ours) {
      summary.push([
        'ten 100 ms tools in one turn ≈ 100 ms (criterion: median ≤ 150 ms)',
        `rxadk median ${fmt(ours.medianMs, 1)} ms` +
          (runs.find((r) => r.framework === adk.name)
            ? ` (@google/adk ${fmt(runs.find((r) => r.framework === adk.name)!.medianMs, 1)} ms)`
            : ''),
        ours.medianMs <= 150 ? 'MET' : 'NOT MET',
      ]);
    }
  }

  if (options.scenarios.has('handles') && options.frameworks.has('rxadk')) {
    const result = await runOpenHandlesScenario();
    console.log(heading('Scenario "open handles" (rxadk): a tool waiting 10 s, unsubscribed after 50 ms'));
    console.log(handlesReport(result));
    summary.push([
      'unsubscribe releases everything (no open handles)',
      result.leaked.length ? `left: ${summarizeResources(result.leaked)}` : 'nothing left; tool aborted: ' + result.toolAbortSignalFired,
      result.leaked.length === 0 && result.toolAbortSignalFired ? 'MET' : 'NOT MET',
    ]);
  }

  if (options.scenarios.has('heap') && options.frameworks.has('rxadk')) {
    const targetMb = 8;
    const result = await runAbortListenerHeapScenario({ rounds: 3, runs: 1000 });
    console.log(heading('Scenario "heap" (rxadk): 3 rounds × 1,000 runs, a tool abort listener capturing ctx, the Runner dropped after each'));
    console.log(heapReport(result, targetMb));
    summary.push([
      `heap growth round 1 → 3 < ${targetMb} MB (nothing kept after a run)`,
      `${fmt(result.growthMb, 2)} MB`,
      result.growthMb < targetMb ? 'MET' : 'NOT MET',
    ]);
  }

  if (options.scenarios.has('streaming')) {
    const result = await runStreamingScenario(
      {
        chunks: options.chunks,
        warmup: options.streamWarmup,
        repeats: options.streamRepeats,
        withAdk: options.frameworks.has('adk'),
      },
      options.providers,
    );
    console.log(
      heading(`Scenario "streaming": one answer of ${fmt(options.chunks, 0)} text chunks, through each model path (streamingMode 'sse')`),
    );
    console.log(
      `Each provider's SDK talks HTTP to its local stand-in, which sends all frames at once. Per provider: ` +
        `a full GC, ${options.streamWarmup} warm-up rounds, then ${options.streamRepeats} measured rounds; a round runs ` +
        `every path once, each after a young-generation GC.`,
    );
    for (const line of streamingTables(result)) console.log(line);
    const target = streamingTarget(result);
    if (target) summary.push(target);
    const scripted = scriptedRunnerTarget(result);
    if (scripted) summary.push(scripted);
    const aboveAdapter = runnerAboveAdapterTarget(result);
    if (aboveAdapter) summary.push(aboveAdapter);
  }

  if (options.scenarios.has('workflows')) {
    const wf = options.workflows;
    const workflowFrameworks: WorkflowFramework[] = [
      ...(options.frameworks.has('rxadk') ? [rxadkWorkflows] : []),
      ...(options.frameworks.has('adk') ? [adkWorkflows] : []),
      ...(options.frameworks.has('plain') ? [floorWorkflows] : []),
    ];
    const loadBefore = loadAverage();
    const runs = await runWorkflowsScenario(workflowFrameworks, wf);
    console.log(heading(`Scenario "workflows": fan-out/fan-in ×${wf.width} and a ${wf.loopSteps}-step routed loop, rxadk's Workflow and @google/adk's`));
    console.log(`Load average before the workflow scenario (1/5/15 min): ${loadBefore}; after: ${loadAverage()}`);
    console.log(
      `${wf.rounds} interleaved rounds; in each, per framework and graph: a full GC, ${wf.warmupRuns} warm-up runs of each loop (${fanOutWarmupRuns(wf)} of the fan-out, as many node steps), then ` +
        `${wf.runs} measured runs, each on a fresh in-memory session, deleted after the run (not timed). Node bodies do next to nothing. ` +
        `"floor" is the same work without an engine (bench/reference/plain-workflows.ts: each node's body called, its event built and appended to an in-memory session).`,
    );
    for (const line of workflowsTables(runs, wf)) console.log(line);
    summary.push(...workflowsTargets(runs, wf));
  }

  console.log(`\nLoad average at end (1/5/15 min): ${loadAverage()}`);
  if (summary.length) {
    console.log(heading('SPEC §14 targets'));
    console.log(table(['target', 'measured', 'result'], summary));
  }
}

if (!respawnWithGc(import.meta.url)) {
  main().then(
    () => {
      // Exit on our own even if a reference library left something running; say so if it did.
      const guard = setTimeout(() => {
        console.log(`\n(exiting: still active after 2 s: ${summarizeResources(process.getActiveResourcesInfo())})`);
        process.exit(process.exitCode ?? 0);
      }, 2000);
      guard.unref();
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
