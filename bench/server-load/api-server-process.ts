// One `rxadk api_server` child process for the server-load bench, with its peak RSS sampled.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readServerStalls, type ServerStalls } from './server-stalls.js';

/** Loaded into the server with `--import`: its event-loop delay, GC pauses and CPU time. */
const STALLS_HOOK = fileURLToPath(new URL('./server-stalls-hook.js', import.meta.url));

/** A running server: its base URL, its peak RSS so far, its own stall figures, and how to stop it. */
export interface ApiServerProcess {
  base: string;
  peakRss(): number;
  /** Starts the server's stall figures afresh (event-loop delay, GC, CPU). */
  resetStalls(): void;
  /** The server's stall figures since the last reset, as of at most 250 ms ago. */
  stalls(): ServerStalls | undefined;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** A process's resident set size, in bytes (Linux); 0 once it is gone. */
function rssOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return Number(line?.replace(/\D/g, '') ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Starts `node <cli> api_server <dir> --port <free> --session-service-uri <uri> [...flags]` and resolves
 * once it answers `GET /list-apps`; its RSS is sampled every 250 ms.
 *
 * @example
 * ```ts
 * const server = await startApiServer('dist/lib/cli/main.js', dir, 'memory://');
 * try { await fetch(`${server.base}/list-apps`); } finally { server.stop(); }
 * ```
 */
export async function startApiServer(cli: string, dir: string, sessionServiceUri: string, flags: readonly string[] = []): Promise<ApiServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const stallsDir = mkdtempSync(join(tmpdir(), 'rxadk-server-stalls-'));
  const stallsFile = join(stallsDir, 'stalls.json');
  const child = spawn(process.execPath, ['--import', STALLS_HOOK, cli, 'api_server', dir, '--port', String(port), '--session-service-uri', sessionServiceUri, ...flags], {
    stdio: 'ignore',
    env: { ...process.env, RXADK_BENCH_STALLS_FILE: stallsFile },
  });
  let peak = 0;
  let last: ServerStalls | undefined;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 250);
  const stop = () => {
    clearInterval(sampler);
    last = readServerStalls(stallsFile) ?? last;
    child.kill('SIGKILL');
    rmSync(stallsDir, { recursive: true, force: true });
  };
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`api_server exited with code ${child.exitCode}`);
      const ok = await fetch(`${base}/list-apps`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((done) => setTimeout(done, 20));
    }
  } catch (error) {
    stop();
    throw error;
  }
  return {
    base,
    peakRss: () => peak,
    resetStalls: () => child.kill('SIGUSR2'),
    stalls: () => (child.exitCode === null && child.signalCode === null ? readServerStalls(stallsFile) : last),
    stop,
  };
}
