// One `rxadk api_server` child process for the server-load bench, with its peak RSS sampled.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A running server: its base URL, its peak RSS so far, and how to stop it. */
export interface ApiServerProcess {
  base: string;
  peakRss(): number;
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
 * Starts `node <cli> api_server <dir> --port <free> [--session-service-uri uri]` and resolves
 * once it answers `GET /list-apps`; its RSS is sampled every 250 ms.
 *
 * @example
 * ```ts
 * const server = await startApiServer('dist/lib/cli/main.js', dir, 'memory://');
 * try { await fetch(`${server.base}/list-apps`); } finally { server.stop(); }
 * ```
 */
export async function startApiServer(cli: string, dir: string, sessionServiceUri: string): Promise<ApiServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [cli, 'api_server', dir, '--port', String(port), '--session-service-uri', sessionServiceUri], { stdio: 'ignore' });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 250);
  const stop = () => {
    clearInterval(sampler);
    child.kill('SIGKILL');
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
  return { base, peakRss: () => peak, stop };
}
