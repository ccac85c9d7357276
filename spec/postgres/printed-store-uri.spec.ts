import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { runCommand } from '../../lib/cli/commands/run.js';
import { parseArgs } from '../../lib/utils/parse-args.js';
import { runServerCommand } from '../../lib/server/run-server-command.js';
import { fakeTerminal } from '../cli/support/fake-terminal.js';
import { call } from '../server/support/http-client.js';
import { createTestDatabase } from './support/test-database.js';

/**
 * The throw-away cluster has a random password for the user "rxadk": `rxadk run`, `rxadk web` and
 * `rxadk api_server` use it to connect, and print the URI with `***` in its place.
 */
describe('a PostgreSQL store URI with a password, as the CLI prints it', () => {
  let dir: string;
  let database: { url: string; drop: () => Promise<void> };
  let password: string;
  let redacted: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rxadk-printed-uri-'));
    mkdirSync(join(dir, 'agents', 'echo'), { recursive: true });
    writeFileSync(join(dir, 'agents', 'echo', 'agent.js'), "export const rootAgent = { name: 'echo_agent' };\n");
    database = await createTestDatabase('printed_uri');
    const url = new URL(database.url);
    password = decodeURIComponent(url.password);
    redacted = database.url.replace(`:${url.password}@`, ':***@');
  }, 30_000);

  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the test database\'s URL has a password (so that the tests below can fail)', () => {
    expect(password.length).toBeGreaterThan(8);
    expect(redacted).toMatch(/^postgresql:\/\/rxadk:\*\*\*@127\.0\.0\.1:\d+\/rxadk_printed_uri_/);
  });

  it('rxadk run: the banner names the store without the password, after opening a session in it', async () => {
    const terminal = fakeTerminal();
    const exit = runCommand(parseArgs([join(dir, 'agents', 'echo'), '--session-service-uri', database.url, '--session-id', 'kept']), terminal.io);
    terminal.lines.complete();
    await expect(exit).resolves.toBe(0);
    expect(terminal.output()).toContain(`Running echo_agent (app echo), session kept in ${redacted}.\n`);
    expect(terminal.output()).not.toContain(password);
  });

  it('rxadk api_server: the banner names the store without the password; the API works on it', async () => {
    const out: string[] = [];
    const stop = new Subject<string>();
    let listening: (url: string) => void = () => undefined;
    const started = new Promise<string>((resolve) => (listening = resolve));
    const exit = runServerCommand(parseArgs([join(dir, 'agents'), '--port', '0', '--session-service-uri', database.url]), {
      ui: false,
      stop,
      err: (line) => out.push(line),
      out: (line) => {
        out.push(line);
        const url = /(http:\/\/[\d.]+:\d+)/.exec(line)?.[1];
        if (url) listening(url);
      },
    });
    const url = await Promise.race([started, exit.then((code) => Promise.reject(new Error(`exited with ${code}: ${out.join('\n')}`)))]);
    const kept = await call(url, 'GET', '/apps/echo/users/user/sessions/kept');
    expect([kept.status, (kept.json as { id: string }).id]).toEqual([200, 'kept']);
    stop.next('SIGTERM');
    await expect(exit).resolves.toBe(0);
    expect(out.join('\n')).toContain(`  sessions: ${redacted}\n`);
    expect(out.join('\n')).not.toContain(password);
  });
});
