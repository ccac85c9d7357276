import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { concat, firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { createEvent } from '../../lib/events/event.js';
import { PostgresSessionService } from '../../lib/postgres/postgres-session-service.js';
import { Runner } from '../../lib/runner/runner.js';
import { SessionStoreError } from '../../lib/services/session-store-error.js';
import { FnAgent, textEvent, userText } from '../support/fn-agent.js';
import { withClient } from './support/test-database.js';

// This test stops its server, so it runs its own throw-away cluster (scripts/postgres.sh), never
// the one the other PostgreSQL tests share.
const script = resolve('scripts/postgres.sh');
const postgres = (command: 'start' | 'stop', dir: string) =>
  execFileSync('bash', [script, command, dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const stopInBackground = (dir: string) => promisify(execFile)('bash', [script, 'stop', dir]);

describe('PostgresSessionService: the server stops mid-run', () => {
  let dir: string;
  let url: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rxadk-pg-outage-'));
    url = postgres('start', dir);
  }, 60_000);
  afterAll(() => {
    if (!dir) return;
    try {
      postgres('stop', dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives the caller a clear SessionStoreError, leaves nothing half-written, and works again after a restart', async () => {
    const ref = { appName: 'outage', userId: 'u1', sessionId: 's1' };
    const service = new PostgresSessionService({ connectionString: url, connectionTimeoutMillis: 3000 });
    const session = await firstValueFrom(service.createSession({ ...ref, state: { count: 0 } }));

    const acked: string[] = [];
    let failure: unknown;
    let stopping: Promise<unknown> | undefined;
    for (let n = 1; n < 100_000; n++) {
      if (n === 30) stopping = stopInBackground(dir); // pg_ctl stop -m fast while appends go on
      const event = createEvent({ id: `e${n}`, author: 'agent', timestamp: n, actions: { stateDelta: { count: n } } });
      try {
        await firstValueFrom(service.appendEvent(session, event));
        acked.push(event.id);
      } catch (error) {
        failure = error;
        break;
      }
    }
    await stopping;

    expect(failure).toBeInstanceOf(SessionStoreError);
    const error = failure as SessionStoreError;
    expect(error.store).toBe('postgres');
    expect(error.operation).toBe('appendEvent');
    expect(error.sessionId).toBe('s1');
    expect((error.cause as { message?: unknown }).message).toEqual(expect.any(String)); // the driver's own error
    expect(error.message).toMatch(/^PostgreSQL session store: appendEvent for session "s1" \(app "outage", user "u1"\) failed: .+\. The transaction was rolled back/);
    expect(session.events.map((e) => e.id)).toEqual(acked); // the live copy has exactly the acknowledged events
    // While the server is down, every call fails the same clear way.
    await expect(firstValueFrom(service.getSession(ref))).rejects.toThrow(/PostgreSQL session store: getSession .* failed: .*(ECONNREFUSED|terminat|not queryable)/);

    postgres('start', dir);

    const stored = (await firstValueFrom(service.getSession(ref)))!; // the same service reconnects
    const ids = stored.events.map((e) => e.id);
    expect(ids.slice(0, acked.length)).toEqual(acked);
    expect(ids.length - acked.length).toBeLessThanOrEqual(1); // the in-flight event: whole, or not at all
    expect(stored.state).toEqual({ count: ids.length });
    await withClient(url, async (client) => {
      const { rows } = await client.query(
        `SELECT s.version::int AS version, (SELECT count(*)::int FROM rxadk_events e WHERE e.session_id = s.id) AS events,
                (SELECT value::text FROM rxadk_session_state t WHERE t.session_id = s.id AND t.key = 'count') AS count
         FROM rxadk_sessions s WHERE s.id = 's1'`,
      );
      expect(rows[0]).toEqual({ version: ids.length, events: ids.length, count: String(ids.length) });
    });

    // The next run, on a new service (a restarted process), works.
    const restarted = new PostgresSessionService({ connectionString: url });
    const agent = new FnAgent({ name: 'agent', body: (ctx) => concat(ctx.emit(textEvent(ctx, 'back again'))) });
    const runner = new Runner({ appName: 'outage', agent, sessionService: restarted });
    const events = await firstValueFrom(
      runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: userText('still there?') }).pipe(toArray()),
    );
    expect(events.map((e) => e.content?.parts?.[0]?.text)).toEqual(['back again']);
    const after = (await firstValueFrom(restarted.getSession(ref)))!;
    expect(after.events).toHaveLength(ids.length + 2); // the user message and the answer
    await lastValueFrom(restarted.close(), { defaultValue: undefined });
    await lastValueFrom(service.close(), { defaultValue: undefined });
  }, 60_000);
});
