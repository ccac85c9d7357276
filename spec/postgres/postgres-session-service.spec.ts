import pg from 'pg';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { createEvent } from '../../lib/events/event.js';
import type { PgPool, PgPoolClient, PgQueryResult } from '../../lib/postgres/pg-types.js';
import { POSTGRES_MIGRATIONS } from '../../lib/postgres/postgres-migrations.js';
import { PostgresSessionService } from '../../lib/postgres/postgres-session-service.js';
import { SessionStoreError } from '../../lib/services/session-store-error.js';
import { describeSessionServiceContract } from '../sessions/contract/describe-session-service-contract.js';
import { createTestDatabase, withClient } from './support/test-database.js';

describeSessionServiceContract(
  'PostgresSessionService',
  async () => {
    const database = await createTestDatabase('contract');
    const service = new PostgresSessionService({ connectionString: database.url });
    return {
      service,
      close: async () => {
        await lastValueFrom(service.close(), { defaultValue: undefined });
        await database.drop();
      },
    };
  },
  { guardsConcurrentWriters: true },
);

describe('PostgresSessionService: schema, pool and retries', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeEach(async () => {
    database = await createTestDatabase('pg');
  });
  afterEach(async () => {
    await database?.drop();
  });

  it('creates the schema at the first call, once, even when several processes start together', async () => {
    const services = [1, 2, 3].map(() => new PostgresSessionService({ connectionString: database.url }));
    await withClient(database.url, async (client) => {
      const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'rxadk_%'");
      expect(rows[0].n).toBe(0); // constructing did nothing
    });
    await Promise.all(
      services.map((service, i) => firstValueFrom(service.createSession({ appName: 'app', userId: 'u1', sessionId: `s${i}` }))),
    );
    await withClient(database.url, async (client) => {
      const { rows } = await client.query('SELECT version, description FROM rxadk_schema_version ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
      const sessions = await client.query('SELECT count(*)::int AS n FROM rxadk_sessions');
      expect(sessions.rows[0].n).toBe(3);
    });
    for (const service of services) await lastValueFrom(service.close(), { defaultValue: undefined });
  });

  it('refuses a database written by a newer rxadk schema with a clear SessionStoreError', async () => {
    await withClient(database.url, async (client) => {
      await client.query('CREATE TABLE rxadk_schema_version (version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
      await client.query("INSERT INTO rxadk_schema_version VALUES (999, 'from the future')");
    });
    const service = new PostgresSessionService({ connectionString: database.url });
    const failure = firstValueFrom(service.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    await expect(failure).rejects.toBeInstanceOf(SessionStoreError);
    await expect(failure).rejects.toThrow(/PostgreSQL session store: getSession .* schema version 999, newer than this rxadk supports/);
    await lastValueFrom(service.close(), { defaultValue: undefined });
  });

  it("uses a pool it is given and leaves it open on close(); ends the pool it created", async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const service = new PostgresSessionService({ pool });
    await firstValueFrom(service.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    await lastValueFrom(service.close(), { defaultValue: undefined });
    expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    await pool.end();

    const owning = new PostgresSessionService({ connectionString: database.url });
    await firstValueFrom(owning.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    await lastValueFrom(owning.close(), { defaultValue: undefined });
    // later calls open a new pool
    expect(await firstValueFrom(owning.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }))).toBeDefined();
    await lastValueFrom(owning.close(), { defaultValue: undefined });
  });

  it('a retried append whose first COMMIT was never acknowledged stores the event once and moves on', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    let loseNextCommitAck = false;
    type AnyQuery = (...args: unknown[]) => Promise<PgQueryResult>;
    const flaky: PgPool = {
      query: ((...args: unknown[]) => (pool.query as AnyQuery)(...args)) as PgPool['query'],
      end: () => pool.end(),
      connect: async (): Promise<PgPoolClient> => {
        const client = await pool.connect();
        return {
          release: (destroy) => client.release(destroy),
          query: (async (...args: unknown[]) => {
            const result = await (client.query as AnyQuery).apply(client, args);
            if (args[0] === 'COMMIT' && loseNextCommitAck) {
              loseNextCommitAck = false;
              throw new Error('Connection terminated unexpectedly (after COMMIT)');
            }
            return result;
          }) as PgPoolClient['query'],
        };
      },
    };
    const service = new PostgresSessionService({ pool: flaky });
    const session = await firstValueFrom(service.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    const e1 = createEvent({ author: 'a', timestamp: 1, actions: { stateDelta: { n: 1 } } });
    loseNextCommitAck = true;
    const failure = firstValueFrom(service.appendEvent(session, e1));
    await expect(failure).rejects.toBeInstanceOf(SessionStoreError);
    await expect(failure).rejects.toThrow(/outcome is unknown.*never stored twice/s);
    expect(session.events).toEqual([]); // not acknowledged, so not in the live copy
    await firstValueFrom(service.appendEvent(session, e1)); // the retry
    await firstValueFrom(service.appendEvent(session, createEvent({ author: 'a', timestamp: 2, actions: { stateDelta: { n: 2 } } })));
    const stored = await firstValueFrom(service.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    expect(stored!.events.map((e) => e.timestamp)).toEqual([1, 2]);
    expect(stored!.state).toEqual({ n: 2 });
    expect(session.events.map((e) => e.id)).toEqual(stored!.events.map((e) => e.id));
    await pool.end();
  });

  it('returns its connection to the pool after each append and reuses it (no reconnect per append)', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 3 });
    let connections = 0;
    pool.on('connect', () => connections++);
    const service = new PostgresSessionService({ pool });
    const session = await firstValueFrom(service.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    for (let n = 0; n < 20; n++) await firstValueFrom(service.appendEvent(session, createEvent({ author: 'a', timestamp: n })));
    expect(connections).toBe(1);
    expect(pool.totalCount).toBe(1);
    expect(pool.idleCount).toBe(1);
    await pool.end();
  });

  it('works without prepared statements too (for poolers that cannot keep them)', async () => {
    const service = new PostgresSessionService({ connectionString: database.url, preparedStatements: false });
    const session = await firstValueFrom(service.createSession({ appName: 'app', userId: 'u1', sessionId: 's1', state: { 'app:a': 1 } }));
    await firstValueFrom(service.appendEvent(session, createEvent({ author: 'a', timestamp: 1, actions: { stateDelta: { n: 1 } } })));
    const stored = await firstValueFrom(service.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    expect(stored!.state).toEqual({ 'app:a': 1, n: 1 });
    expect(stored!.events).toHaveLength(1);
    await lastValueFrom(service.close(), { defaultValue: undefined });
  });

  it('rolls back a half-done append (a failing statement) and leaves no trace', async () => {
    const service = new PostgresSessionService({ connectionString: database.url });
    const session = await firstValueFrom(service.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    const bad = createEvent({ author: 'a', timestamp: 1, content: { role: 'model', parts: [{ text: 'nul \u0000 byte' }] }, actions: { stateDelta: { 'app:x': 1, n: 1 } } });
    // PostgreSQL's json accepts the escaped NUL; to force a failure inside the transaction, drop a table it writes to.
    await withClient(database.url, (client) => client.query('ALTER TABLE rxadk_session_state RENAME TO rxadk_session_state_gone'));
    await expect(firstValueFrom(service.appendEvent(session, bad))).rejects.toThrow(/appendEvent for session "s1".*rxadk_session_state.*rolled back/s);
    await withClient(database.url, (client) => client.query('ALTER TABLE rxadk_session_state_gone RENAME TO rxadk_session_state'));
    const stored = await firstValueFrom(service.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    expect(stored!.events).toEqual([]);
    expect(stored!.state).toEqual({});
    await firstValueFrom(service.appendEvent(session, bad));
    expect((await firstValueFrom(service.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' })))!.events).toEqual([bad]);
    await lastValueFrom(service.close(), { defaultValue: undefined });
  });
});
