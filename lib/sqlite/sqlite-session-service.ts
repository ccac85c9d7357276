import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { defer, type Observable, of } from 'rxjs';
import type { Event } from '../events/event.js';
import { requireDriver } from '../utils/require-driver.js';
import { SessionAlreadyExistsError } from '../sessions/session-already-exists-error.js';
import { toSessionStoreError } from '../services/session-store-error.js';
import { SessionVersions } from '../services/session-versions.js';
import {
  BaseSessionService,
  type CreateSessionRequest,
  type DeleteSessionRequest,
  type GetSessionRequest,
  type ListSessionsRequest,
  type ListSessionsResponse,
} from '../sessions/base-session-service.js';
import type { Session } from '../sessions/session.js';
import { splitStateDelta } from '../sessions/state-delta.js';
import { schedulerClock, type Clock } from '../utils/clock.js';
import { SessionNotFoundError } from '../utils/errors.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import { migrateSqliteSchema } from './sqlite-migrations.js';
import {
  prepareSqliteStatements,
  readSqliteState,
  selectSqliteEvents,
  type SqliteSessionRow,
  type SqliteStatements,
  writeSqliteState,
} from './sqlite-statements.js';

/** What a {@link SqliteSessionService} is built from. */
export interface SqliteSessionServiceOptions {
  /** The database file (created with its folder when missing), or `':memory:'`. */
  path: string;
  /**
   * `'full'` (default): every append is on disk when it completes, even across a power cut.
   * `'normal'`: it survives the process being killed (`kill -9`), and may be lost if the machine
   * loses power before the next checkpoint; appends are several times faster.
   */
  synchronous?: 'full' | 'normal';
  /** How long to wait for another process's write lock before failing (ms). Default 5000. */
  busyTimeoutMs?: number;
  /** Ids of sessions created without one. Default: nanoid. */
  idGenerator?: IdGenerator;
  /** Creation times (ms). Default: the RxJS scheduler's `now()`. */
  clock?: Clock;
}

/** The open database and its statements. */
interface SqliteConnection {
  db: BetterSqlite3.Database;
  statements: SqliteStatements;
}

type SessionRef = { appName: string; userId?: string; sessionId?: string };

/**
 * A {@link BaseSessionService} on a SQLite file, with `better-sqlite3` (an optional peer
 * dependency: `npm install better-sqlite3`). The embedded, persistent default.
 *
 * - The file is opened at the first call (nothing happens at construction), in WAL mode, and its
 *   schema is created or migrated (`PRAGMA user_version`).
 * - Each append is one `BEGIN IMMEDIATE` transaction: the event row, the state rows and the
 *   session's version together, or nothing. When `appendEvent` completes the transaction is
 *   committed, so the event survives `kill -9` (and, with the default `synchronous: 'full'`, a
 *   power cut).
 * - Several processes may share a file (WAL: readers never block; writers wait for each other up
 *   to `busyTimeoutMs`). Each append stays atomic, and a writer whose `Session` copy is older than
 *   what is stored is refused with `StaleSessionError` (nothing is written): reload and retry.
 * - There is no cross-process run lock (`withSessionLock` is the default, which holds none): the
 *   Runner serialises a session's turns within its process only. Turns on one session from two
 *   processes may interleave, and the one that appends from a stale copy fails half-way with
 *   `StaleSessionError` (the events it stored before stay). Run one process per file, or use
 *   `PostgresSessionService`, which serialises turns across processes.
 * - The driver is synchronous; every call runs at subscription (`defer`) and answers at once.
 *
 * @example
 * ```ts
 * import { SqliteSessionService } from 'rxadk/sqlite';
 *
 * const sessionService = new SqliteSessionService({ path: './data/sessions.db' });
 * const runner = new Runner({ appName: 'weather', agent, sessionService, autoCreateSession: true });
 * // ... later
 * sessionService.close().subscribe();
 * ```
 */
export class SqliteSessionService extends BaseSessionService {
  /** The absolute path of the file (or `':memory:'`). */
  readonly path: string;
  private readonly synchronous: 'full' | 'normal';
  private readonly busyTimeoutMs: number;
  private readonly idGenerator: IdGenerator;
  private readonly clock: Clock;
  private readonly versions = new SessionVersions();
  private connection: SqliteConnection | undefined;

  constructor(options: SqliteSessionServiceOptions) {
    super();
    this.path = options.path === ':memory:' ? options.path : resolve(options.path);
    this.synchronous = options.synchronous ?? 'full';
    this.busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    this.idGenerator = options.idGenerator ?? defaultIdGenerator;
    this.clock = options.clock ?? schedulerClock;
  }

  createSession(request: CreateSessionRequest): Observable<Session> {
    return this.run('createSession', request, ({ db, statements }) => {
      const id = request.sessionId?.trim() || this.idGenerator();
      const ref = { appName: request.appName, userId: request.userId, sessionId: id };
      const now = this.clock();
      const create = db.transaction(() => {
        if (statements.insertSession.run(ref.appName, ref.userId, id, now, now).changes === 0) {
          throw new SessionAlreadyExistsError(ref);
        }
        writeSqliteState(statements, ref, splitStateDelta(request.state ?? {}));
        return readSqliteState(statements, ref);
      });
      const state = create.immediate();
      return this.versions.remember(
        { id, appName: ref.appName, userId: ref.userId, state, events: [], lastUpdateTime: now },
        0,
      );
    });
  }

  getSession(request: GetSessionRequest): Observable<Session | undefined> {
    const ref = { appName: request.appName, userId: request.userId, sessionId: request.sessionId };
    return this.run('getSession', ref, ({ db, statements }) => {
      const read = db.transaction(() => {
        const row = statements.selectSession.get(ref.appName, ref.userId, ref.sessionId);
        if (!row) return undefined;
        const events = selectSqliteEvents(statements, ref, request.config).map((data) => JSON.parse(data) as Event);
        return this.sessionOf(row, ref.appName, readSqliteState(statements, ref), events);
      });
      return read.deferred();
    });
  }

  listSessions(request: ListSessionsRequest): Observable<ListSessionsResponse> {
    return this.run('listSessions', request, ({ db, statements }) => {
      const list = db.transaction(() => {
        const rows =
          request.userId === undefined
            ? statements.listAppSessions.all(request.appName)
            : statements.listUserSessions.all(request.appName, request.userId);
        return rows.map((row) => {
          const ref = { appName: request.appName, userId: row.user_id, sessionId: row.id };
          return this.sessionOf(row, request.appName, readSqliteState(statements, ref), []);
        });
      });
      return { sessions: list.deferred() };
    });
  }

  deleteSession(request: DeleteSessionRequest): Observable<void> {
    return this.run('deleteSession', request, ({ statements }) => {
      statements.deleteSession.run(request.appName, request.userId, request.sessionId);
    });
  }

  /** Closes the file. Later calls reopen it. */
  close(): Observable<void> {
    return defer(() => {
      const open = this.connection;
      this.connection = undefined;
      open?.db.close();
      return of(undefined);
    });
  }

  protected storeEvent(session: Session, event: Event): Observable<unknown> {
    const ref = { appName: session.appName, userId: session.userId, sessionId: session.id };
    return this.run('appendEvent', ref, ({ db, statements }) => {
      const append = db.transaction(() => {
        const row = statements.selectSession.get(ref.appName, ref.userId, ref.sessionId);
        if (!row) throw new SessionNotFoundError(ref);
        const existing = statements.selectEventSeq.get(ref.appName, ref.userId, ref.sessionId, event.id);
        if (existing !== undefined) return { version: row.version, duplicateOf: existing };
        this.versions.assertFresh(session, { version: row.version, lastUpdateTime: row.last_update_time });
        const version = row.version + 1;
        statements.insertEvent.run(
          ref.appName,
          ref.userId,
          ref.sessionId,
          event.id,
          version,
          event.invocationId ?? '',
          event.author ?? '',
          event.timestamp,
          JSON.stringify(event),
        );
        writeSqliteState(statements, ref, splitStateDelta(event.actions.stateDelta));
        statements.updateSession.run(version, event.timestamp, ref.appName, ref.userId, ref.sessionId);
        return { version, duplicateOf: undefined };
      });
      const { version, duplicateOf } = append.immediate();
      this.versions.recordAppend(session, version, duplicateOf);
      return event;
    });
  }

  private sessionOf(row: SqliteSessionRow, appName: string, state: Record<string, unknown>, events: Event[]): Session {
    return this.versions.remember(
      { id: row.id, appName, userId: row.user_id, state, events, lastUpdateTime: row.last_update_time },
      row.version,
    );
  }

  /** Runs `work` on the open database at subscription; driver errors become `SessionStoreError`. */
  private run<T>(operation: string, ref: SessionRef, work: (connection: SqliteConnection) => T): Observable<T> {
    return defer(() => {
      try {
        return of(work(this.open()));
      } catch (error) {
        throw toSessionStoreError(error, { store: 'sqlite', operation, ...ref });
      }
    });
  }

  private open(): SqliteConnection {
    if (this.connection) return this.connection;
    const Database = requireDriver<typeof BetterSqlite3>('better-sqlite3', 'rxadk/sqlite');
    if (this.path !== ':memory:') mkdirSync(dirname(this.path), { recursive: true });
    const db = new Database(this.path, { timeout: this.busyTimeoutMs });
    try {
      db.pragma('journal_mode = WAL');
      db.pragma(`synchronous = ${this.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
      db.pragma('foreign_keys = ON');
      migrateSqliteSchema(db);
      this.connection = { db, statements: prepareSqliteStatements(db) };
      return this.connection;
    } catch (error) {
      db.close();
      throw error;
    }
  }
}
