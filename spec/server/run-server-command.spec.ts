import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { parseArgs } from '../../lib/utils/parse-args.js';
import { runServerCommand } from '../../lib/server/run-server-command.js';
import { call } from './support/http-client.js';

/** A running `rxadk web` / `api_server` (in this process), its output and a way to stop it. */
interface Started {
  url: string;
  out: string[];
  stop: (reason?: string) => Promise<number>;
}

function start(argv: string[], ui: boolean): Promise<Started> {
  const out: string[] = [];
  const stop = new Subject<string>();
  return new Promise((resolve, reject) => {
    const exit = runServerCommand(parseArgs(argv), {
      ui,
      stop,
      err: (line) => out.push(line),
      out: (line) => {
        out.push(line);
        const url = /(http:\/\/[\d.]+:\d+)/.exec(line)?.[1];
        if (url) resolve({ url, out, stop: (reason = 'SIGTERM') => (stop.next(reason), exit) });
      },
    });
    exit.then((code) => reject(new Error(`exited with ${code} before listening: ${out.join('\n')}`)), reject);
  });
}

describe('rxadk web / rxadk api_server (runServerCommand)', () => {
  let dir: string;
  let agentsDir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rxadk-web-'));
    agentsDir = join(dir, 'agents');
    for (const name of ['alpha', 'beta']) {
      mkdirSync(join(agentsDir, name), { recursive: true });
      writeFileSync(join(agentsDir, name, 'agent.js'), `export const rootAgent = { name: '${name}' };\n`);
    }
    mkdirSync(join(agentsDir, 'not_an_app'));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('api_server: prints where it listens, serves the API for the folder\'s apps, and stops with exit code 0', async () => {
    const server = await start([agentsDir, '--port', '0'], false);
    expect(server.out[0]!.split('\n')[0]).toMatch(/^rxadk api_server: the API is at http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.out.join('\n')).toMatch(/apps: +2 apps in .*: alpha, beta/);
    expect((await call(server.url, 'GET', '/list-apps')).json).toEqual(['alpha', 'beta']);
    expect((await call(server.url, 'GET', '/')).status).toBe(404); // no UI

    await expect(server.stop('SIGINT')).resolves.toBe(0);
    expect(server.out.at(-1)).toBe('SIGINT: stopping…');
    await expect(call(server.url, 'GET', '/list-apps')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('web: also answers / (here with a 503 that says how to build the UI, which this source tree has not)', async () => {
    const server = await start([agentsDir, '--port', '0', '--host', '127.0.0.1'], true);
    expect(server.out[0]!.split('\n')[0]).toMatch(/^rxadk web: the dev UI is at http:\/\/127\.0\.0\.1:\d+\/$/);
    const home = await call(server.url, 'GET', '/');
    // under Jest the server looks for the UI beside lib/server/*.ts, where no build writes it
    expect(home.status).toBe(503);
    expect((home.json as { error: string }).error).toMatch(/npm run build:ui/);
    await expect(server.stop()).resolves.toBe(0);
  });

  it('--session-service-uri sqlite://...: sessions survive a restart', async () => {
    const uri = `sqlite://${join(dir, 'store', 'sessions.db')}`;
    const first = await start([agentsDir, '--port', '0', '--session-service-uri', uri], false);
    const created = await call(first.url, 'POST', '/apps/alpha/users/u1/sessions/kept', { state: { visits: 3 } });
    expect(created.status).toBe(200);
    expect(first.out.join('\n')).toContain(`sessions: ${uri}`);
    await expect(first.stop()).resolves.toBe(0);

    const second = await start([agentsDir, '--port', '0', '--session-service-uri', uri], false);
    const kept = await call(second.url, 'GET', '/apps/alpha/users/u1/sessions/kept');
    expect(kept.status).toBe(200);
    expect(kept.json).toMatchObject({ id: 'kept', state: { visits: 3 } });
    await expect(second.stop()).resolves.toBe(0);
  });

  it('the banner shows a store URI without its password (the store connects on first use, so none is needed here)', async () => {
    const secret = 'Zq8vK2pLw9';
    for (const ui of [true, false]) {
      const server = await start([agentsDir, '--port', '0', '--session-service-uri', `postgresql://rxadk:${secret}@127.0.0.1:1/app?password=${secret}`], ui);
      await expect(server.stop()).resolves.toBe(0);
      expect(server.out.join('\n')).toContain('  sessions: postgresql://rxadk:***@127.0.0.1:1/app?password=***\n');
      expect(server.out.join('\n')).not.toContain(secret);
    }
  });

  it('bad arguments: exit code 2 with the reason and the usage', async () => {
    const err: string[] = [];
    const run = (argv: string[]) => runServerCommand(parseArgs(argv), { ui: true, err: (line) => err.push(line), out: () => undefined });
    await expect(run([agentsDir, '--port', 'eighty'])).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/--port must be a port number.*\n\nrxadk web \[agentsDir\]/s);
    await expect(run([join(dir, 'missing')])).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/There is no folder/);
    await expect(run([agentsDir, '--trace-entries', '0'])).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/--trace-entries must be a positive whole number, not "0"/);
    await expect(run([agentsDir, '--trace-records', '-5'])).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/--trace-records must be a positive whole number, not "-5"/);
    await expect(run([agentsDir, '--trace-chars', 'lots'])).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/--trace-chars must be a positive whole number, not "lots".*--trace-records <n>.*Old names: --trace-entries, --trace-spans/s);
    await expect(run([agentsDir, '--ui', dir])).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/that folder holds no adk-web build/);
    for (const bad of ['0', '1.5', 'lots']) {
      await expect(run([agentsDir, '--max-runs', bad])).resolves.toBe(2);
      expect(err.at(-1)).toMatch(new RegExp(`--max-runs must be a whole number of at least 1, or none, not "${bad}".*--max-runs <n>`, 's'));
    }
    await expect(run([agentsDir, '--max-runs'])).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/--max-runs must be a whole number of at least 1, or none, not "true"/);
  });

  it('--max-runs <n> and --max-runs none: the server starts and answers', async () => {
    for (const maxRuns of ['3', 'none']) {
      const server = await start([agentsDir, '--port', '0', '--max-runs', maxRuns], false);
      expect((await call(server.url, 'GET', '/list-apps')).json).toEqual(['alpha', 'beta']);
      await expect(server.stop()).resolves.toBe(0);
    }
  });

  it('web --ui <folder>: serves adk-web at /dev-ui/ and sends / there; --ui adk finds an installed @google/adk-devtools', async () => {
    const build = join(dir, 'project', 'node_modules', '@google', 'adk-devtools', 'dist', 'browser');
    mkdirSync(join(build, 'assets', 'config'), { recursive: true });
    writeFileSync(join(build, 'index.html'), '<html>adk-web</html>');
    writeFileSync(join(build, 'assets', 'config', 'runtime-config.json'), '{"backendUrl": ""}');
    const server = await start([agentsDir, '--port', '0', '--ui', join(dir, 'project', 'node_modules', '@google', 'adk-devtools'), '--trace-entries', '10'], true);
    expect(server.out[0]!.split('\n')[0]).toMatch(/the dev UI is at http:\/\/127\.0\.0\.1:\d+\/dev-ui\/ \(adk-web\)$/);
    expect((await call(server.url, 'GET', '/')).headers.location).toBe('/dev-ui/');
    expect((await call(server.url, 'GET', '/dev-ui/')).text).toBe('<html>adk-web</html>');
    await expect(server.stop()).resolves.toBe(0);
    const cwd = process.cwd();
    process.chdir(join(dir, 'project'));
    try {
      const found = await start([agentsDir, '--port', '0', '--ui', 'adk'], true);
      expect((await call(found.url, 'GET', '/dev-ui/assets/config/runtime-config.json')).json).toEqual({ backendUrl: '' });
      await expect(found.stop()).resolves.toBe(0);
    } finally {
      process.chdir(cwd);
    }
  });

  it('a port already in use or a bad store URI: exit code 1 with the reason', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const err: string[] = [];
    const run = (argv: string[]) => runServerCommand(parseArgs(argv), { ui: false, err: (line) => err.push(line), out: () => undefined });
    try {
      await expect(run([agentsDir, '--port', String(port)])).resolves.toBe(1);
      expect(err.at(-1)).toMatch(/EADDRINUSE/);
      await expect(run([agentsDir, '--port', '0', '--session-service-uri', 'nosuch://x'])).resolves.toBe(1);
      expect(err.at(-1)).toMatch(/nosuch/);
      await expect(run([agentsDir, '--port', '0', '--session-service-uri', 'mysql://admin:hunter2@db/app'])).resolves.toBe(1);
      expect(err.at(-1)).toContain('Cannot create a session service from "mysql://admin:***@db/app"');
      expect(err.join('\n')).not.toContain('hunter2');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
