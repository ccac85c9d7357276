import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { firstValueFrom, lastValueFrom, Subject } from 'rxjs';
import { PostgresSessionService } from '../../lib/postgres/postgres-session-service.js';
import { getSessionServiceFromUri } from '../../lib/services/get-session-service-from-uri.js';
import { MissingDriverError } from '../../lib/utils/missing-driver-error.js';
import { requireDriver } from '../../lib/utils/require-driver.js';
import { UnsupportedSessionUriError } from '../../lib/services/unsupported-session-uri-error.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { SqliteSessionService } from '../../lib/sqlite/sqlite-session-service.js';
import { transpileForChild } from '../fixtures/persistence/transpile-for-child.js';
import { createTestDatabase } from '../postgres/support/test-database.js';
import { tempDir } from '../sqlite/temp-dir.js';

const ref = { appName: 'app', userId: 'u1', sessionId: 's1' };

/** The `pg.Pool` a {@link PostgresSessionService} made from its connection string (made on first use). */
function poolOf(service: PostgresSessionService): Pool {
  return (service as unknown as { pool(): Pool }).pool();
}

/** Resolves once `condition` holds, checked on each turn of the event loop (no deadline but Jest's). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('getSessionServiceFromUri', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeAll(() => {
    dir = tempDir('rxadk-uri');
  });
  afterAll(() => dir.remove());

  it('memory:// → InMemorySessionService', async () => {
    expect(await firstValueFrom(getSessionServiceFromUri('memory://'))).toBeInstanceOf(InMemorySessionService);
  });

  it('sqlite:///absolute/path.db → SqliteSessionService on that file', async () => {
    const path = join(dir.path, 'abs.db');
    const service = (await firstValueFrom(getSessionServiceFromUri(`sqlite://${path}`))) as SqliteSessionService;
    expect(service).toBeInstanceOf(SqliteSessionService);
    expect(service.path).toBe(path);
    await firstValueFrom(service.createSession(ref));
    await firstValueFrom(service.close());
    const again = await firstValueFrom(getSessionServiceFromUri(`sqlite://${path}`));
    expect((await firstValueFrom(again.getSession(ref)))?.id).toBe('s1');
    await firstValueFrom((again as SqliteSessionService).close());
  });

  it('sqlite://./relative.db → a file relative to the working directory; sqlite://:memory: and ?synchronous=normal', async () => {
    const relative = (await firstValueFrom(getSessionServiceFromUri('sqlite://./data/sessions.db'))) as SqliteSessionService;
    expect(relative.path).toBe(join(process.cwd(), 'data', 'sessions.db'));
    const memory = (await firstValueFrom(getSessionServiceFromUri('sqlite://:memory:?synchronous=normal'))) as SqliteSessionService;
    expect(memory.path).toBe(':memory:');
    expect((await firstValueFrom(memory.createSession(ref))).id).toBe('s1');
    await firstValueFrom(memory.close());
    const spaced = (await firstValueFrom(getSessionServiceFromUri(`sqlite://${dir.path}/with%20space.db`))) as SqliteSessionService;
    expect(spaced.path).toBe(join(dir.path, 'with space.db'));
  });

  it('postgresql:// and postgres:// → PostgresSessionService', async () => {
    const database = await createTestDatabase('uri');
    try {
      for (const url of [database.url, database.url.replace(/^postgresql:/, 'postgres:')]) {
        const service = await firstValueFrom(getSessionServiceFromUri(url));
        expect(service).toBeInstanceOf(PostgresSessionService);
        await firstValueFrom(service.getSession(ref));
        await lastValueFrom((service as PostgresSessionService).close(), { defaultValue: undefined });
      }
    } finally {
      await database.drop();
    }
  });

  it('sizes a postgresql:// store\'s pool from { postgres: { max, connectionTimeoutMillis } }', async () => {
    const database = await createTestDatabase('uri_pool');
    const service = (await firstValueFrom(getSessionServiceFromUri(database.url, { postgres: { max: 1, connectionTimeoutMillis: 300 } }))) as PostgresSessionService;
    try {
      // both options reach pg's pool (no connection is made here: a 300 ms connect would fail on a loaded machine)
      expect(poolOf(service).options).toMatchObject({ max: 1, connectionTimeoutMillis: 300 });
    } finally {
      await lastValueFrom(service.close(), { defaultValue: undefined });
      await database.drop();
    }
  });

  it('a postgresql:// store with { postgres: { max: 1 } }: while a turn holds the one connection, another call waits for it', async () => {
    const database = await createTestDatabase('uri_pool_one');
    const service = (await firstValueFrom(getSessionServiceFromUri(database.url, { postgres: { max: 1 } }))) as PostgresSessionService;
    const held = new Subject<void>();
    try {
      await firstValueFrom(service.createSession(ref));
      const pool = poolOf(service);
      const turn = lastValueFrom(service.withSessionLock(ref, held), { defaultValue: undefined });
      let answered = false;
      const waiting = firstValueFrom(service.getSession({ ...ref, sessionId: 'other' })).finally(() => (answered = true));
      // queued behind the turn, or (were the pool larger) answered on a second connection
      await until(() => pool.waitingCount === 1 || answered);
      expect({ answered, connections: pool.totalCount }).toEqual({ answered: false, connections: 1 });
      held.complete();
      await turn;
      expect(await waiting).toBeUndefined();
    } finally {
      held.complete();
      await lastValueFrom(service.close(), { defaultValue: undefined });
      await database.drop();
    }
  });

  it.each([
    ['mysql://db/app', /the scheme "mysql:\/\/" is not one rxadk knows/],
    ['sessions.db', /it has no scheme/],
    ['', /it has no scheme/],
    ['sqlite://', /names no database file/],
    ['sqlite://./x.db?synchronous=sometimes', /synchronous must be "full" or "normal"/],
    ['sqlite://./x.db?journal=off', /unknown option "journal"/],
    ['sqlite://%E0%A4%A', /not valid percent-encoding/],
  ])('refuses %j with a clear UnsupportedSessionUriError', async (uri, reason) => {
    const failure = firstValueFrom(getSessionServiceFromUri(uri));
    await expect(failure).rejects.toBeInstanceOf(UnsupportedSessionUriError);
    await expect(failure).rejects.toThrow(reason);
    await expect(failure).rejects.toThrow(/Supported: memory:\/\/, sqlite:\/\/\/absolute\/path\.db/);
  });

  it('never repeats a password in its errors', async () => {
    const failure = firstValueFrom(getSessionServiceFromUri('mysql://admin:hunter2@db/app'));
    await expect(failure).rejects.toThrow(/"mysql:\/\/admin:\*\*\*@db\/app"/);
    await expect(failure).rejects.not.toThrow(/hunter2/);
    const inQuery = firstValueFrom(getSessionServiceFromUri('sqlite://./x.db?password=hunter2'));
    await expect(inQuery).rejects.toThrow('Cannot create a session service from "sqlite://./x.db?password=***": unknown option "password"');
    await expect(inQuery).rejects.not.toThrow(/hunter2/);
    await expect(inQuery).rejects.toMatchObject({ uri: 'sqlite://./x.db?password=***' });
  });

  it('names the package to install when a driver is missing', () => {
    const failure = () => requireDriver('rxadk-no-such-driver', 'rxadk/test');
    expect(failure).toThrow(MissingDriverError);
    expect(failure).toThrow('rxadk/test needs the "rxadk-no-such-driver" package, which is not installed. Install it next to rxadk: npm install rxadk-no-such-driver');
  });

  it('works for SQLite where pg is not installed, and says to install pg for postgresql://', () => {
    // A child process that sees only rxjs, nanoid and better-sqlite3 (no pg).
    const tree = transpileForChild('uri-no-pg', ['spec/fixtures/persistence/session-uri-child.ts'], ['rxjs', 'nanoid', 'better-sqlite3']);
    try {
      const output = execFileSync(
        process.execPath,
        [tree.script('spec/fixtures/persistence/session-uri-child.ts'), 'memory://', `sqlite://${dir.path}/no-pg.db`, 'postgresql://u:p@127.0.0.1:1/db'],
        { encoding: 'utf8' },
      );
      const [memory, sqlite, postgres] = output.trim().split('\n').map((line) => JSON.parse(line));
      expect(memory).toMatchObject({ ok: true, service: 'InMemorySessionService', created: true });
      expect(sqlite).toMatchObject({ ok: true, service: 'SqliteSessionService', created: true });
      expect(postgres).toMatchObject({ error: 'MissingDriverError', code: 'MISSING_DRIVER', packageName: 'pg' });
      expect(postgres.message).toContain('npm install pg');
    } finally {
      tree.remove();
    }
  });
});
