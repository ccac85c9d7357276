// The server under load (issue 30). Reports; never asserts.
//   node dist/bench/server-load-run.js [--sessions 1000] [--turns 5] [--gap-ms 10000] [--model-ms 100]
// One `rxadk api_server` process (in-memory sessions) serves a weather app whose model waits
// `model-ms` per call (two calls per turn). Each of `sessions` sessions starts at a random point
// of the first gap and sends `turns` turns through `/run_sse`, `gap-ms` apart (a person's pace);
// `--gap-ms 0` sends each session's turns back to back (overload). Measured: turns per second,
// the latency each turn adds over its model time (p50, p99, max), the server's peak RSS, and
// whether every turn was answered whole (3 events, the answer last) and every session holds
// exactly its turns' events, none lost or duplicated. Targets at a person's pace: p99 ≤ 25 ms,
// RSS ≤ 400 MB.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './bench-options.js';
import { fmt, heading, progress, table } from './report.js';
import { writeLoadApp } from './server-load/load-app.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

interface TurnResult {
  session: number;
  latencyMs: number;
  events: number;
  whole: boolean;
  /** Why the request failed (the client's error code), when it did. */
  failure?: string;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/** The server's resident set size, in bytes (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D/g, '') ?? 0) * 1024;
}

/** One turn through /run_sse, or the reason it failed (a failed request is a turn not answered). */
function turn(base: string, session: number, text: string, modelMs: number): Promise<TurnResult> {
  return sendTurn(base, session, text, modelMs).catch((error: unknown) => {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { session, latencyMs: NaN, events: 0, whole: false, failure: cause?.code ?? (error instanceof Error ? error.message : String(error)) };
  });
}

/** One turn through /run_sse: its latency over the model's time, and whether it came whole. */
async function sendTurn(base: string, session: number, text: string, modelMs: number): Promise<TurnResult> {
  const started = performance.now();
  const response = await fetch(`${base}/run_sse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appName: 'weather', userId: 'u', sessionId: `s${session}`, newMessage: { role: 'user', parts: [{ text }] } }),
  });
  const body = await response.text();
  const latencyMs = performance.now() - started - 2 * modelMs;
  const events = body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { content?: { parts?: { text?: string; functionCall?: unknown }[] }; error?: string });
  const last = events.at(-1)?.content?.parts?.[0]?.text ?? '';
  return { session, latencyMs, events: events.length, whole: response.ok && events.length === 3 && /^It is (sunny|cloudy) in /.test(last) };
}

async function main(): Promise<void> {
  const { int, value } = benchOptions(process.argv.slice(2));
  const sessions = int('sessions', 1000);
  const turns = int('turns', 5);
  // 0 is a value here (overload), which int() reads as absent
  const gapMs = value('gap-ms') === '0' ? 0 : int('gap-ms', 10_000);
  const modelMs = int('model-ms', 100);
  const dir = mkdtempSync(join(tmpdir(), 'rxadk-server-load-'));
  writeLoadApp(dir, join(ROOT, 'dist/lib'), modelMs);
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(ROOT, 'node_modules/rxjs'), join(dir, 'node_modules/rxjs'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(ROOT, 'dist/lib/cli/main.js'), 'api_server', dir, '--port', String(port)], { stdio: 'ignore' });
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(server.pid!))), 250);
  try {
    for (;;) {
      try {
        if ((await fetch(`${base}/list-apps`)).ok) break;
      } catch {
        await sleep(20);
      }
    }
    progress(`server load: ${sessions} sessions × ${turns} turns, ${gapMs} ms apart, model ${modelMs} ms per call`);
    await Promise.all(
      Array.from({ length: sessions }, (_, i) =>
        fetch(`${base}/apps/weather/users/u/sessions/s${i}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      ),
    );
    const cities = ['Paris', 'Rome', 'Oslo', 'Lima', 'Quito'];
    const results: TurnResult[] = [];
    const started = performance.now();
    const session = async (i: number) => {
      await sleep(Math.random() * Math.max(gapMs, 1));
      for (let t = 0; t < turns; t++) {
        const begun = performance.now();
        results.push(await turn(base, i, `What is the weather in ${cities[(i + t) % cities.length]}?`, modelMs));
        if (gapMs > 0 && t < turns - 1) await sleep(Math.max(0, gapMs - (performance.now() - begun)));
      }
    };
    await Promise.all(Array.from({ length: sessions }, (_, i) => session(i)));
    const seconds = (performance.now() - started) / 1000;
    // every session holds exactly its turns' events (user, call, response, answer), with distinct ids
    let sessionsWhole = 0;
    for (let i = 0; i < sessions; i++) {
      const stored = (await (await fetch(`${base}/apps/weather/users/u/sessions/s${i}`)).json()) as { events: { id: string }[] };
      if (stored.events.length === turns * 4 && new Set(stored.events.map((e) => e.id)).size === stored.events.length) sessionsWhole++;
    }
    const latencies = results.filter((r) => !r.failure).map((r) => r.latencyMs).sort((a, b) => a - b);
    const failures = new Map<string, number>();
    for (const r of results) if (r.failure) failures.set(r.failure, (failures.get(r.failure) ?? 0) + 1);
    if (failures.size) console.log(`failed requests: ${[...failures].map(([why, n]) => `${n} × ${why}`).join(', ')}`);
    const bySession = new Map<number, number[]>();
    for (const r of results) if (!r.failure) bySession.set(r.session, [...(bySession.get(r.session) ?? []), r.latencyMs]);
    const worstSessionMeans = [...bySession.values()].map((l) => l.reduce((a, b) => a + b, 0) / l.length).sort((a, b) => a - b);
    console.log(heading(`Server under load: ${sessions} sessions × ${turns} turns, ${gapMs ? `${gapMs} ms apart` : 'back to back (overload)'}, model ${modelMs} ms per call`));
    console.log(
      table(
        ['turns', 'answered whole', 'sessions whole', 'turns/s', 'added p50 ms', 'added p99 ms', 'added max ms', 'session mean p50 / max ms', 'peak RSS MB'],
        [[
          results.length,
          results.filter((r) => r.whole).length,
          `${sessionsWhole}/${sessions}`,
          fmt(results.length / seconds),
          fmt(percentile(latencies, 0.5)),
          fmt(percentile(latencies, 0.99)),
          fmt(latencies.at(-1) ?? NaN),
          `${fmt(percentile(worstSessionMeans, 0.5))} / ${fmt(worstSessionMeans.at(-1) ?? NaN)}`,
          fmt(peakRss / 1e6, 0),
        ]],
      ),
    );
    const p99 = percentile(latencies, 0.99);
    if (gapMs > 0) {
      console.log(
        `\n${table(['target', 'measured', 'result'], [
          ['every turn answered whole, every session whole', `${results.filter((r) => r.whole).length}/${sessions * turns}, ${sessionsWhole}/${sessions}`, results.every((r) => r.whole) && sessionsWhole === sessions ? 'MET' : 'NOT MET'],
          ['added latency p99 ≤ 25 ms', `${fmt(p99)} ms`, p99 <= 25 ? 'MET' : 'NOT MET'],
          ['server RSS ≤ 400 MB', `${fmt(peakRss / 1e6, 0)} MB`, peakRss <= 400e6 ? 'MET' : 'NOT MET'],
        ])}`,
      );
    }
  } finally {
    clearInterval(sampler);
    server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
