// The server under load (issue 30). Reports; never asserts.
//   node dist/bench/server-load-run.js [--only pace,overload,postgres] [--sessions 1000] [--turns 5]
//                                      [--gap-ms 10000] [--model-ms 100] [--warm-turns 20] [--pg-url postgresql://…]
//                                      [--max-runs N|none]
// `rxadk api_server` serves a weather app whose model waits `model-ms` per call (two calls per
// turn). Each of `sessions` sessions starts at a random point of the first gap and sends `turns`
// turns through `/run_sse`, once each fresh server has answered `warm-turns` turns of its own (the
// first loads the app: its added latency is reported apart; `--warm-turns 0` measures a cold server).
// `--max-runs` is passed to each api_server (turns run at once, the rest wait in arrival order;
// without it, the server's default: 64 in memory, 10 on PostgreSQL). Runs:
//   pace      one process, in-memory sessions, turns `gap-ms` apart (a person's pace); targets:
//             every turn answered whole, every session whole, added latency p99 ≤ 25 ms, RSS ≤ 400 MB;
//   overload  the same with no pause between a session's turns: is it fair (does every session
//             progress, does latency grow for all alike)?
//   postgres  (with --pg-url or RXADK_BENCH_PG_URL) the overload through one process on PostgreSQL,
//             then through two processes on the same database, each session's turns alternating
//             between them; targets: no orphan call, no interleaved invocation, throughput of two
//             ≥ 1.6× one.
// Measured: turns per second, the latency each turn adds over its model time (p50, p99, max), the
// wait for the response's headers, each session's mean, the fewest turns a session had finished at
// the run's midpoint, the servers' peak RSS, each server's event-loop delay, GC pauses and CPU time
// over the load (from inside it: server-load/server-stalls-hook.ts), and every stored session
// (4 events a turn, distinct ids, no orphan call, no interleaved invocation).
import { mkdtempSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './bench-options.js';
import { type Cell, fmt, heading, progress, table } from './report.js';
import { startApiServer, type ApiServerProcess } from './server-load/api-server-process.js';
import { writeLoadApp } from './server-load/load-app.js';
import { loadFigures, type LoadFigures } from './server-load/load-figures.js';
import { loadTurn, type TurnResult } from './server-load/load-turn.js';
import type { ServerStalls } from './server-load/server-stalls.js';
import { checkStoredSession, type StoredEvent } from './server-load/stored-session-check.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** The build this bench file is part of (`dist`, or a copy such as `dist-before`): its server and its library are measured. */
const BUILD = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const CLI = join(BUILD, 'lib/cli/main.js');
const CITIES = ['Paris', 'Rome', 'Oslo', 'Lima', 'Quito'];

interface LoadShape {
  sessions: number;
  turns: number;
  gapMs: number;
  modelMs: number;
  /** Turns each fresh server answers (on a session of its own, one after the other) before the load starts: its app loaded, its code warm. */
  warmTurns: number;
  /** `--max-runs` for each api_server (turns at once), or undefined for its default. */
  maxRuns: string | undefined;
}

interface LoadRun {
  label: string;
  figures: LoadFigures;
  sessionsWhole: number;
  orphanCalls: number;
  interleavedInvocations: number;
  peakRssMb: number[];
  /** Each server's own figures over the load (event-loop delay, GC, CPU). */
  stalls: Array<ServerStalls | undefined>;
  /** The client's (this process's) event-loop delay and CPU over the load: a starved client adds latency too. */
  client: { loopDelayP50Ms: number; loopDelayP99Ms: number; loopDelayMaxMs: number; cpuShare: number };
  /** The added latency of each server's first warm-up turn (the app's first load is in it), ms. */
  firstTurnMs: number[];
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Every session's turns, session `i`'s turn `t` sent to `servers[(i + t) % servers.length]`. */
async function drive(servers: readonly ApiServerProcess[], shape: LoadShape, prefix: string): Promise<{ results: TurnResult[]; seconds: number }> {
  const results: TurnResult[] = [];
  const started = performance.now();
  const session = async (i: number) => {
    await sleep(Math.random() * Math.max(shape.gapMs, 1));
    for (let t = 0; t < shape.turns; t++) {
      const begun = performance.now();
      const base = servers[(i + t) % servers.length]!.base;
      results.push(await loadTurn(base, { prefix, session: i, turn: t }, `What is the weather in ${CITIES[(i + t) % CITIES.length]}?`, shape.modelMs, started));
      if (shape.gapMs > 0 && t < shape.turns - 1) await sleep(Math.max(0, shape.gapMs - (performance.now() - begun)));
    }
  };
  await Promise.all(Array.from({ length: shape.sessions }, (_, i) => session(i)));
  return { results, seconds: (performance.now() - started) / 1000 };
}

/** `shape.warmTurns` turns on a session of the server's own, one after the other; the first one's added latency (NaN with none). */
async function warmUp(server: ApiServerProcess, prefix: string, shape: LoadShape): Promise<number> {
  if (shape.warmTurns === 0) return NaN;
  await fetch(`${server.base}/apps/weather/users/u/sessions/${prefix}0`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const started = performance.now();
  const latencies: number[] = [];
  for (let t = 0; t < shape.warmTurns; t++) latencies.push((await loadTurn(server.base, { prefix, session: 0, turn: t }, 'What is the weather in Oslo?', shape.modelMs, started)).latencyMs);
  return latencies[0]!;
}

/** One run: start the servers, create the sessions, drive the load, check every stored session. */
async function loadRun(label: string, dir: string, uri: string, serverCount: number, shape: LoadShape): Promise<LoadRun> {
  const servers: ApiServerProcess[] = [];
  try {
    const flags = shape.maxRuns === undefined ? [] : ['--max-runs', shape.maxRuns];
    for (let i = 0; i < serverCount; i++) servers.push(await startApiServer(CLI, dir, uri, flags));
    // session ids of this run's own (runs share a PostgreSQL database)
    const prefix = `${Date.now().toString(36)}-s`;
    const sessionsUrl = (i: number) => `${servers[0]!.base}/apps/weather/users/u/sessions/${prefix}${i}`;
    await Promise.all(Array.from({ length: shape.sessions }, (_, i) => fetch(sessionsUrl(i), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })));
    const firstTurnMs = await Promise.all(servers.map((server, i) => warmUp(server, `${prefix}warm${i}-`, shape)));
    progress(`server load: ${label}: ${shape.sessions} sessions × ${shape.turns} turns, ${shape.gapMs} ms apart, model ${shape.modelMs} ms per call, ${serverCount} process(es), --max-runs ${shape.maxRuns ?? '(default)'}`);
    for (const server of servers) server.resetStalls();
    const clientDelay = monitorEventLoopDelay({ resolution: 10 });
    clientDelay.enable();
    const clientCpu = process.cpuUsage();
    const { results, seconds } = await drive(servers, shape, prefix);
    clientDelay.disable();
    const cpu = process.cpuUsage(clientCpu);
    const client = {
      loopDelayP50Ms: clientDelay.percentile(50) / 1e6,
      loopDelayP99Ms: clientDelay.percentile(99) / 1e6,
      loopDelayMaxMs: clientDelay.max / 1e6,
      cpuShare: (cpu.user + cpu.system) / 1e6 / seconds,
    };
    await sleep(300); // the servers' last stall figures are written every 250 ms
    const stalls = servers.map((server) => server.stalls());
    const figures = loadFigures(results, shape.sessions, seconds);
    let sessionsWhole = 0;
    let orphanCalls = 0;
    let interleavedInvocations = 0;
    for (let i = 0; i < shape.sessions; i++) {
      const stored = (await (await fetch(sessionsUrl(i))).json()) as { events: StoredEvent[] };
      const check = checkStoredSession(stored.events, shape.turns);
      sessionsWhole += check.whole ? 1 : 0;
      orphanCalls += check.orphanCalls;
      interleavedInvocations += check.interleavedInvocations;
    }
    return { label, figures, sessionsWhole, orphanCalls, interleavedInvocations, peakRssMb: servers.map((s) => s.peakRss() / 1e6), stalls, client, firstTurnMs };
  } finally {
    for (const server of servers) server.stop();
  }
}

function runRow(run: LoadRun, sessions: number): Cell[] {
  const f = run.figures;
  return [
    run.label,
    `${f.answeredWhole}/${f.turns}`,
    `${run.sessionsWhole}/${sessions}`,
    `${run.orphanCalls} / ${run.interleavedInvocations}`,
    fmt(f.turnsPerSecond),
    fmt(f.p50),
    fmt(f.p99),
    fmt(f.max, 0),
    `${fmt(f.headersP50)} / ${fmt(f.headersP99)} / ${fmt(f.headersMax, 0)}`,
    `${fmt(f.firstTurnHeadersP99)} / ${fmt(f.laterTurnsHeadersP99)}`,
    `${fmt(f.sessionMeanP50)} / ${fmt(f.sessionMeanMax)}`,
    `${f.fewestTurnsAtHalf} (${f.sessionsIdleAtHalf} idle)`,
    run.peakRssMb.map((mb) => fmt(mb, 0)).join(' + '),
    run.stalls.map((s) => (s ? `${fmt(s.loopDelayP50Ms)} / ${fmt(s.loopDelayP99Ms)} / ${fmt(s.loopDelayMaxMs, 0)}` : '—')).join(' + '),
    run.stalls.map((s) => (s ? `${fmt(s.gcMs, 0)} / ${fmt(s.gcMaxPauseMs)} / ${s.gcCount}` : '—')).join(' + '),
    run.stalls.map((s) => (s ? fmt(s.cpuShare, 2) : '—')).join(' + '),
    `${fmt(run.client.loopDelayP50Ms)} / ${fmt(run.client.loopDelayP99Ms)} / ${fmt(run.client.loopDelayMaxMs, 0)}; ${fmt(run.client.cpuShare, 2)}`,
    run.firstTurnMs.map((ms) => (Number.isNaN(ms) ? '—' : fmt(ms, 0))).join(' + '),
  ];
}

function runsTable(runs: readonly LoadRun[], sessions: number): string {
  return table(
    [
      'run',
      'turns answered whole',
      'sessions whole',
      'orphan calls / interleaved inv.',
      'turns/s',
      'added p50 ms',
      'added p99 ms',
      'added max ms',
      'headers p50 / p99 / max ms',
      'headers p99 ms, first turns / later',
      'session mean p50 / worst ms',
      'fewest turns done at half-time',
      'peak RSS MB',
      'server loop delay p50 / p99 / max ms',
      'server GC ms / longest / count',
      'server CPU ÷ wall',
      'client loop delay p50 / p99 / max ms; CPU ÷ wall',
      'warm-up: first turn added ms',
    ],
    runs.map((run) => runRow(run, sessions)),
  );
}

const met = (ok: boolean) => (ok ? 'MET' : 'NOT MET');

function paceTargets(run: LoadRun, shape: LoadShape): Array<[string, string, string]> {
  const f = run.figures;
  const all = shape.sessions * shape.turns;
  const rss = Math.max(...run.peakRssMb);
  return [
    ['every turn answered whole, every session whole (no event lost or duplicated)', `${f.answeredWhole}/${all}, ${run.sessionsWhole}/${shape.sessions}`, met(f.answeredWhole === all && run.sessionsWhole === shape.sessions)],
    ['added latency p99 ≤ 25 ms', `${fmt(f.p99)} ms (p50 ${fmt(f.p50)} ms)`, met(f.p99 <= 25)],
    ['server RSS ≤ 400 MB', `${fmt(rss, 0)} MB`, met(rss <= 400)],
  ];
}

function overloadTargets(run: LoadRun): Array<[string, string, string]> {
  const f = run.figures;
  return [
    ['overload: every session progresses (turns done at half-time, fewest)', `${f.fewestTurnsAtHalf} (${f.sessionsIdleAtHalf} sessions with none)`, met(f.sessionsIdleAtHalf === 0)],
    ['overload: latency grows for all alike (worst session mean ÷ median session mean)', `${fmt(f.sessionMeanMax / f.sessionMeanP50, 2)}× (${fmt(f.sessionMeanMax)} ÷ ${fmt(f.sessionMeanP50)} ms)`, 'REPORTED'],
  ];
}

function postgresTargets(one: LoadRun, two: LoadRun): Array<[string, string, string]> {
  const ratio = two.figures.turnsPerSecond / one.figures.turnsPerSecond;
  return [
    ['PostgreSQL, two processes: no orphan call, no interleaved invocation', `${two.orphanCalls} orphan calls, ${two.interleavedInvocations} interleaved invocations; ${two.sessionsWhole} sessions whole`, met(two.orphanCalls === 0 && two.interleavedInvocations === 0)],
    ['PostgreSQL: two processes ≥ 1.6× the throughput of one', `${fmt(ratio, 2)}× (${fmt(two.figures.turnsPerSecond)} ÷ ${fmt(one.figures.turnsPerSecond)} turns/s)`, met(ratio >= 1.6)],
  ];
}

/** `--warm-turns N` (0 allowed: a cold server); 20 without it. */
function warmTurnsOption(text: string | undefined): number {
  const parsed = Number.parseInt(text ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : 20;
}

async function main(): Promise<void> {
  const { int, value, list } = benchOptions(process.argv.slice(2));
  const only = list('only', 'pace,overload,postgres');
  const shape: LoadShape = { sessions: int('sessions', 1000), turns: int('turns', 5), gapMs: int('gap-ms', 10_000), modelMs: int('model-ms', 100), warmTurns: warmTurnsOption(value('warm-turns')), maxRuns: value('max-runs') };
  const overload: LoadShape = { ...shape, gapMs: 0 };
  const pgUrl = value('pg-url') ?? process.env['RXADK_BENCH_PG_URL'];
  const dir = mkdtempSync(join(tmpdir(), 'rxadk-server-load-'));
  writeLoadApp(dir, join(BUILD, 'lib'), shape.modelMs);
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(ROOT, 'node_modules/rxjs'), join(dir, 'node_modules/rxjs'));
  const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');
  const runs: LoadRun[] = [];
  const targets: Array<[string, string, string]> = [];
  console.log(heading(`Server under load: ${shape.sessions} sessions × ${shape.turns} weather turns through /run_sse, model ${shape.modelMs} ms per call, --max-runs ${shape.maxRuns ?? '(the server\'s default)'}`));
  console.log(`Load average at start (1/5/15 min): ${load()}`);
  try {
    if (only.has('pace')) {
      const run = await loadRun(`pace (${shape.gapMs} ms apart), 1 process, memory`, dir, 'memory://', 1, shape);
      runs.push(run);
      targets.push(...paceTargets(run, shape));
    }
    if (only.has('overload')) {
      const run = await loadRun('overload (back to back), 1 process, memory', dir, 'memory://', 1, overload);
      runs.push(run);
      targets.push(...overloadTargets(run));
    }
    if (only.has('postgres') && pgUrl) {
      const one = await loadRun('overload, 1 process, PostgreSQL', dir, pgUrl, 1, overload);
      const two = await loadRun('overload, 2 processes, PostgreSQL (turns alternate)', dir, pgUrl, 2, overload);
      runs.push(one, two);
      targets.push(...postgresTargets(one, two));
    } else if (only.has('postgres')) {
      targets.push(['PostgreSQL, two processes', 'not run: no --pg-url nor RXADK_BENCH_PG_URL (bash scripts/postgres.sh start DIR prints one)', 'NOT RUN']);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const run of runs) for (const [why, n] of run.figures.failures) console.log(`${run.label}: ${n} failed requests (${why})`);
  for (const run of runs) {
    run.stalls.forEach((stalls, i) => {
      const longest = (stalls?.longStalls ?? []).map(({ atMs, ms, cpuMs }) => `${fmt(ms, 0)} ms at ${fmt(atMs / 1000, 1)} s (CPU ${fmt(cpuMs, 0)} ms)`).join(', ');
      console.log(`${run.label}: server ${i + 1}'s longest event-loop stalls (≥ 100 ms; the process's CPU time meanwhile): ${longest || 'none'}`);
    });
  }
  console.log(runsTable(runs, shape.sessions));
  console.log(
    '(added: a turn\'s wall time at the client minus its two model calls; headers: the wait for the response\'s headers, i.e. before the run began; ' +
      'session mean: each session\'s mean added latency; at half-time: turns each session had finished by the run\'s midpoint; ' +
      'server figures from inside each api_server over the load (bench/server-load/server-stalls-hook.ts): how late a 10 ms timer ran (perf_hooks.monitorEventLoopDelay), GC pauses, CPU time ÷ wall time; ' +
      'client: the same for this process, which sends the turns and reads their streams; ' +
      'warm-up: before the load, each fresh server answers --warm-turns turns (default 20, one after the other, on a session of its own, not counted): the first one loads the app.)',
  );
  console.log(`Load average at end (1/5/15 min): ${load()}`);
  console.log(`\n${table(['target', 'measured', 'result'], targets)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
