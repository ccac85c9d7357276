import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import Database from 'better-sqlite3';
import { createEvent } from '../../lib/events/event.js';
import { SqliteSessionService } from '../../lib/sqlite/sqlite-session-service.js';
import { migrateSqliteSchema, SQLITE_MIGRATIONS } from '../../lib/sqlite/sqlite-migrations.js';
import { SessionStoreError } from '../../lib/services/session-store-error.js';
import { describeSessionServiceContract } from '../sessions/contract/describe-session-service-contract.js';
import { tempDir } from './temp-dir.js';

describeSessionServiceContract(
  'SqliteSessionService',
  () => {
    const dir = tempDir('rxadk-sqlite-contract');
    const service = new SqliteSessionService({ path: join(dir.path, 'sessions.db') });
    return {
      service,
      close: async () => {
        await firstValueFrom(service.close());
        dir.remove();
      },
    };
  },
  { guardsConcurrentWriters: true },
);

describe('SqliteSessionService: the file', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir('rxadk-sqlite');
  });
  afterEach(() => dir.remove());

  it('opens nothing before the first subscription, then creates the file (and its folder) in WAL mode', async () => {
    const path = join(dir.path, 'nested', 'sessions.db');
    const service = new SqliteSessionService({ path });
    const created = service.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' });
    const raw = () => new Database(path, { fileMustExist: true });
    expect(raw).toThrow();
    await firstValueFrom(created);
    await firstValueFrom(service.close());
    const db = raw();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(SQLITE_MIGRATIONS.at(-1)!.version);
    expect(db.prepare('SELECT id FROM sessions').pluck().all()).toEqual(['s1']);
    db.close();
  });

  it('keeps sessions, events and state across close and reopen', async () => {
    const path = join(dir.path, 'sessions.db');
    const first = new SqliteSessionService({ path });
    const session = await firstValueFrom(first.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    const e = createEvent({ author: 'a', timestamp: 5, actions: { stateDelta: { n: 1, 'user:x': 2, 'app:y': 3 } } });
    await firstValueFrom(first.appendEvent(session, e));
    await firstValueFrom(first.close());
    const second = new SqliteSessionService({ path });
    const reloaded = await firstValueFrom(second.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    expect(reloaded!.events).toEqual([e]);
    expect(reloaded!.state).toEqual({ n: 1, 'user:x': 2, 'app:y': 3 });
    await firstValueFrom(second.close());
  });

  it('stores events as JSON rows with the columns to select, order and filter them', async () => {
    const path = join(dir.path, 'sessions.db');
    const service = new SqliteSessionService({ path });
    const session = await firstValueFrom(service.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    for (const t of [10, 20]) {
      await firstValueFrom(service.appendEvent(session, createEvent({ id: `e${t}`, invocationId: 'i', author: 'bot', timestamp: t })));
    }
    await firstValueFrom(service.close());
    const db = new Database(path);
    const rows = db.prepare('SELECT session_id, id, seq, invocation_id, author, timestamp, data FROM events ORDER BY seq').all();
    expect(rows).toEqual([
      expect.objectContaining({ session_id: 's1', id: 'e10', seq: 1, invocation_id: 'i', author: 'bot', timestamp: 10 }),
      expect.objectContaining({ session_id: 's1', id: 'e20', seq: 2, invocation_id: 'i', author: 'bot', timestamp: 20 }),
    ]);
    expect(JSON.parse((rows[0] as { data: string }).data).id).toBe('e10');
    expect(db.prepare('SELECT version FROM sessions').pluck().get()).toBe(2);
    db.close();
  });

  it('migrates an older file step by step, keeping its data, in one transaction', () => {
    const path = join(dir.path, 'old.db');
    const db = new Database(path);
    expect(migrateSqliteSchema(db, SQLITE_MIGRATIONS.slice(0, 1))).toBe(0);
    db.prepare("INSERT INTO sessions VALUES ('app', 'u1', 's1', 0, 1, 1)").run();
    const next = [
      ...SQLITE_MIGRATIONS,
      { version: 99, description: 'test step', sql: 'CREATE TABLE extra (x); INSERT INTO extra VALUES (1);' },
    ];
    expect(migrateSqliteSchema(db, next)).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(99);
    expect(db.prepare('SELECT count(*) FROM extra').pluck().get()).toBe(1);
    expect(db.prepare('SELECT id FROM sessions').pluck().all()).toEqual(['s1']);
    expect(migrateSqliteSchema(db, next)).toBe(99); // nothing to do the second time
    const broken = [...next, { version: 100, description: 'fails', sql: 'CREATE TABLE ok (x); NOT SQL;' }];
    expect(() => migrateSqliteSchema(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(99);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'ok'").pluck().get()).toBe(0);
    db.close();
  });

  it('refuses a file written by a newer schema with a clear SessionStoreError', async () => {
    const path = join(dir.path, 'future.db');
    const db = new Database(path);
    db.pragma('user_version = 999');
    db.close();
    const service = new SqliteSessionService({ path });
    const failure = firstValueFrom(service.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    await expect(failure).rejects.toBeInstanceOf(SessionStoreError);
    await expect(failure).rejects.toThrow(/SQLite session store: getSession .* schema version 999, newer than this rxadk supports/);
  });

  it('turns a driver failure into a SessionStoreError that names the store, the call and the session', async () => {
    const service = new SqliteSessionService({ path: join(dir.path, 'x.db') });
    const session = await firstValueFrom(service.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    const bad = createEvent({ author: 'a', customMetadata: circular });
    const failure = firstValueFrom(service.appendEvent(session, bad));
    await expect(failure).rejects.toBeInstanceOf(SessionStoreError);
    await expect(failure).rejects.toThrow(/appendEvent for session "s1" \(app "app", user "u1"\) failed: .*circular.*nothing of this event was stored/is);
    expect(session.events).toEqual([]);
    const reloaded = await firstValueFrom(service.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    expect(reloaded!.events).toEqual([]);
    await firstValueFrom(service.close());
  });

  it('lets two stores on one file (two processes) refuse each other\'s stale writes', async () => {
    const path = join(dir.path, 'shared.db');
    const one = new SqliteSessionService({ path });
    const two = new SqliteSessionService({ path });
    await firstValueFrom(one.createSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    const viaOne = await firstValueFrom(one.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    const viaTwo = await firstValueFrom(two.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    await firstValueFrom(two.appendEvent(viaTwo!, createEvent({ author: 'a', timestamp: 1 })));
    await expect(firstValueFrom(one.appendEvent(viaOne!, createEvent({ author: 'a', timestamp: 2 })))).rejects.toThrow(
      /changed by another writer/,
    );
    await firstValueFrom(one.close());
    await firstValueFrom(two.close());
  });
});
