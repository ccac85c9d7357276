import {
  catchError,
  concatMap,
  defer,
  finalize,
  from,
  map,
  type MonoTypeOperatorFunction,
  type Observable,
  of,
  shareReplay,
  throwError,
} from 'rxjs';
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
  type SessionRef,
} from '../sessions/base-session-service.js';
import { SessionBusyError } from '../sessions/session-busy-error.js';
import type { Session } from '../sessions/session.js';
import { splitStateDelta } from '../sessions/state-delta.js';
import { schedulerClock, type Clock } from '../utils/clock.js';
import { SessionNotFoundError } from '../utils/errors.js';
import { defaultIdGenerator, type IdGenerator } from '../utils/ids.js';
import { inPgTransaction } from './in-pg-transaction.js';
import { pgQuery } from './pg-query.js';
import { lockSessionRun, type PgSessionLock } from './pg-session-lock.js';
import type { PgPool, PgStatement } from './pg-types.js';
import { migratePostgresSchema } from './postgres-migrations.js';
import { POSTGRES_SQL, stateParams } from './postgres-sql.js';

/** What a {@link PostgresSessionService} is built from: a connection string, or your own pool. */
export type PostgresSessionServiceOptions = (
  | {
      /** e.g. `postgresql://user:password@host:5432/database`. The service creates and owns a pool. */
      connectionString: string;
      /**
       * Connections in the pool it creates. Default 10. A running turn holds one for its whole
       * length (see `lockTimeoutMs`), so this is also how many turns the process runs at once;
       * more wait for a connection, up to `connectionTimeoutMillis`.
       */
      max?: number;
      /** How long to wait for a connection before failing (ms). Default 10000. */
      connectionTimeoutMillis?: number;
    }
  | {
      /** A `pg.Pool` you own: the service never ends it. Give it an `'error'` listener. */
      pool: PgPool;
    }
) & {
  /**
   * Prepare each statement once per connection (default `true`: an append costs about half as
   * much). Set `false` behind a connection pooler that cannot keep prepared statements
   * (PgBouncer in transaction mode before 1.21).
   */
  preparedStatements?: boolean;
  /** Ids of sessions created without one. Default: nanoid. */
  idGenerator?: IdGenerator;
  /** Creation times (ms). Default: the RxJS scheduler's `now()`. */
  clock?: Clock;
  /**
   * How long a turn waits for another process's turn on the same session to end before it fails
   * with `SessionBusyError`, having stored nothing (ms). Default 30000 (a turn with a few model
   * calls and tools usually ends well within it). `Infinity` waits without bound.
   */
  lockTimeoutMs?: number;
};

/** The default of {@link PostgresSessionServiceOptions.lockTimeoutMs}. */
const DEFAULT_LOCK_TIMEOUT_MS = 30_000;

/** A session row with its state columns, as the statements return it. */
interface SessionRow {
  id: string;
  user_id: string;
  version: string | number;
  last_update_time: number;
  app_state: Record<string, unknown> | null;
  user_state: Record<string, unknown> | null;
  session_state: Record<string, unknown> | null;
  events?: Event[] | null;
}

/** The session (or app, or user) an operation is about, as much as it names. */
type OperationRef = { appName: string; userId?: string; sessionId?: string };

/**
 * A {@link BaseSessionService} on PostgreSQL, with `pg` (an optional peer dependency:
 * `npm install pg`), for applications that run several stateless Runner processes against one
 * database.
 *
 * - The schema (tables prefixed `rxadk_`) is created or migrated at the first call, once, under
 *   an advisory lock.
 * - An append is one transaction that locks the session row (`SELECT ... FOR UPDATE`), so
 *   concurrent appends to one session from any number of processes are serialised: none is lost,
 *   none is stored twice (the event id is part of the primary key: an append retried after a lost
 *   acknowledgement finds its event and stores nothing).
 * - Turns on one session are serialised across processes ({@link withSessionLock}, which the
 *   Runner wraps every invocation in): a turn takes a pooled connection, waits on it for a
 *   per-session advisory lock (at most `lockTimeoutMs`, default 30 s; past it the caller gets
 *   `SessionBusyError`, and nothing of the turn was stored), and holds it until the invocation
 *   completes, fails or is unsubscribed. Meanwhile every statement of this service for that
 *   session runs on that connection, so a turn uses exactly one connection of the pool.
 * - A writer that bypasses the Runner and appends with a `Session` copy older than the stored
 *   session (another process appended in between) is refused with `StaleSessionError` and nothing
 *   is written: its state changes were computed from an old view, and storing them would silently
 *   overwrite the other writer's. Reload with `getSession` and retry.
 * - Driver failures (server stopped, connection lost, timeout) reach the caller as
 *   `SessionStoreError`; the transaction was rolled back.
 *
 * @example
 * ```ts
 * import { PostgresSessionService } from 'rxadk/postgres';
 *
 * const sessionService = new PostgresSessionService({ connectionString: process.env.DATABASE_URL! });
 * const runner = new Runner({ appName: 'weather', agent, sessionService, autoCreateSession: true });
 * // on shutdown:
 * sessionService.close().subscribe();
 * ```
 */
export class PostgresSessionService extends BaseSessionService {
  private readonly options: PostgresSessionServiceOptions;
  private readonly idGenerator: IdGenerator;
  private readonly clock: Clock;
  private readonly versions = new SessionVersions();
  private readonly sql: Record<keyof typeof POSTGRES_SQL, PgStatement>;
  private readonly lockTimeoutMs: number;
  /** The run locks this service holds, by session: their connections carry the session's statements. */
  private readonly heldLocks = new Map<string, PgSessionLock>();
  private ownPool: PgPool | undefined;
  private ready$: Observable<PgPool> | undefined;

  constructor(options: PostgresSessionServiceOptions) {
    super();
    this.options = options;
    this.idGenerator = options.idGenerator ?? defaultIdGenerator;
    this.clock = options.clock ?? schedulerClock;
    this.sql = statementsOf(options.preparedStatements ?? true);
    this.lockTimeoutMs = options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
  }

  /**
   * Runs `invocation` holding the session's run lock, so that turns on one session are serialised
   * across every process sharing the database (SPEC §6). In order:
   *
   * 1. a connection is checked out of the pool;
   * 2. on it, `pg_advisory_lock` on a 64-bit hash of (app, user, session) waits for any other
   *    holder, at most `lockTimeoutMs` (the connection's `lock_timeout`). Past that the caller gets
   *    `SessionBusyError` and `invocation` is never subscribed: nothing of the turn is stored;
   * 3. `invocation` runs; this service's statements for the session run on the lock's connection;
   * 4. when it completes, errors or is unsubscribed: `pg_advisory_unlock`, and the connection goes
   *    back to the pool (it is destroyed instead if it failed, which frees the lock on the server).
   *
   * A failure to lock (server down) is a `SessionStoreError`. If the lock's connection dies
   * during the turn, the lock is gone with it, and the turn's next statement fails.
   *
   * @example
   * ```ts
   * const sessions = new PostgresSessionService({ connectionString, lockTimeoutMs: 10_000 });
   * // The Runner does this for every runAsync:
   * sessions.withSessionLock({ appName, userId, sessionId }, turn$).subscribe();
   * ```
   */
  override withSessionLock<T>(ref: SessionRef, invocation: Observable<T>): Observable<T> {
    const key = lockKeyOf(ref);
    const params: [string, string, string] = [ref.appName, ref.userId, ref.sessionId];
    return defer(() => this.ready()).pipe(
      concatMap((pool) =>
        lockSessionRun({
          pool,
          params,
          acquire: this.sql.acquireRunLock,
          release: this.sql.releaseRunLock,
          cancelWait: this.sql.cancelRunLockWait,
          timeoutMs: this.lockTimeoutMs,
          busy: (waitedMs) => new SessionBusyError({ ...ref, waitedMs }),
        }),
      ),
      this.storeErrors('lockSession', ref),
      concatMap((lock) => {
        this.heldLocks.set(key, lock);
        return invocation.pipe(
          finalize(() => {
            if (this.heldLocks.get(key) === lock) this.heldLocks.delete(key);
            lock.release();
          }),
        );
      }),
    );
  }

  createSession(request: CreateSessionRequest): Observable<Session> {
    return this.run('createSession', request, (pool) => {
      const id = request.sessionId?.trim() || this.idGenerator();
      const ref = [request.appName, request.userId, id];
      const now = this.clock();
      return inPgTransaction(pool, (client) =>
        pgQuery(client, this.sql.insertSession, [...ref, now]).pipe(
          concatMap(({ rowCount }) => {
            if (!rowCount) throw new SessionAlreadyExistsError({ appName: request.appName, userId: request.userId, sessionId: id });
            return pgQuery(client, this.sql.writeState, [...ref, ...stateParams(splitStateDelta(request.state ?? {}))]);
          }),
          concatMap(() => pgQuery(client, this.sql.selectSession, [...ref, null, 0])),
        ),
      ).pipe(map(({ rows }) => this.sessionOf(rows[0] as SessionRow, request.appName)));
    });
  }

  getSession(request: GetSessionRequest): Observable<Session | undefined> {
    const config = request.config ?? {};
    const limit = config.numRecentEvents === undefined ? null : Math.max(0, Math.trunc(config.numRecentEvents));
    return this.run('getSession', request, (pool) =>
      pgQuery(pool, this.sql.selectSession, [
        request.appName,
        request.userId,
        request.sessionId,
        config.afterTimestamp ?? null,
        limit,
      ]).pipe(map(({ rows }) => (rows[0] ? this.sessionOf(rows[0] as SessionRow, request.appName) : undefined))),
    );
  }

  listSessions(request: ListSessionsRequest): Observable<ListSessionsResponse> {
    return this.run('listSessions', request, (pool) =>
      pgQuery(pool, this.sql.listSessions, [request.appName, request.userId ?? null]).pipe(
        map(({ rows }) => ({ sessions: (rows as SessionRow[]).map((row) => this.sessionOf(row, request.appName)) })),
      ),
    );
  }

  deleteSession(request: DeleteSessionRequest): Observable<void> {
    return this.run('deleteSession', request, (pool) =>
      pgQuery(pool, this.sql.deleteSession, [request.appName, request.userId, request.sessionId]).pipe(
        map(() => undefined),
      ),
    );
  }

  /** Ends the pool if the service created it (a pool you passed in stays yours to end). */
  close(): Observable<void> {
    return defer(() => {
      const pool = this.ownPool;
      this.ownPool = undefined;
      this.ready$ = undefined;
      return pool ? from(pool.end()) : of(undefined);
    });
  }

  protected storeEvent(session: Session, event: Event): Observable<unknown> {
    const ref = [session.appName, session.userId, session.id];
    const names = { appName: session.appName, userId: session.userId, sessionId: session.id };
    return this.run('appendEvent', names, (pool) =>
      inPgTransaction(pool, (client) =>
        pgQuery(client, this.sql.lockSession, [...ref, event.id]).pipe(
          concatMap(({ rows }) => {
            const row = rows[0] as { version: string; last_update_time: number; existing_seq: string | null } | undefined;
            if (!row) throw new SessionNotFoundError(names);
            const version = Number(row.version);
            if (row.existing_seq !== null) return of({ version, duplicateOf: Number(row.existing_seq) });
            this.versions.assertFresh(session, { version, lastUpdateTime: row.last_update_time });
            const params = [
              ...ref,
              event.id,
              version + 1,
              event.invocationId ?? '',
              event.author ?? '',
              event.timestamp,
              JSON.stringify(event),
              ...stateParams(splitStateDelta(event.actions.stateDelta)),
            ];
            return pgQuery(client, this.sql.writeEvent, params).pipe(
              map(() => ({ version: version + 1, duplicateOf: undefined as number | undefined })),
            );
          }),
        ),
      ).pipe(
        map(({ version, duplicateOf }) => {
          this.versions.recordAppend(session, version, duplicateOf);
          return event;
        }),
      ),
    );
  }

  private sessionOf(row: SessionRow, appName: string): Session {
    return this.versions.remember(
      {
        id: row.id,
        appName,
        userId: row.user_id,
        state: { ...row.app_state, ...row.user_state, ...row.session_state },
        events: row.events ?? [],
        lastUpdateTime: row.last_update_time,
      },
      Number(row.version),
    );
  }

  /**
   * Runs `work` once the schema is ready, on the pool, or on the connection of the session's run
   * lock while this service holds it; driver errors become `SessionStoreError`.
   */
  private run<T>(operation: string, ref: OperationRef, work: (pool: PgPool) => Observable<T>): Observable<T> {
    return defer(() => this.ready()).pipe(
      concatMap((pool) => {
        const held = ref.userId !== undefined && ref.sessionId !== undefined ? this.heldLocks.get(lockKeyOf(ref as SessionRef)) : undefined;
        return work(held ?? pool);
      }),
      this.storeErrors(operation, ref),
    );
  }

  /** Driver errors become `SessionStoreError`; rxadk's own errors pass unchanged. */
  private storeErrors<T>(operation: string, ref: OperationRef): MonoTypeOperatorFunction<T> {
    const fields = { store: 'postgres' as const, operation, appName: ref.appName, userId: ref.userId, sessionId: ref.sessionId };
    return catchError((error: unknown) => throwError(() => toSessionStoreError(error, fields)));
  }

  /** The pool, once the schema is migrated (done once; retried after a failure). */
  private ready(): Observable<PgPool> {
    this.ready$ ??= defer(() => {
      const pool = this.pool();
      return migratePostgresSchema(pool).pipe(map(() => pool));
    }).pipe(shareReplay({ bufferSize: 1, refCount: false }));
    return this.ready$;
  }

  private pool(): PgPool {
    if ('pool' in this.options) return this.options.pool;
    if (!this.ownPool) {
      const pg = requireDriver<typeof import('pg')>('pg', 'rxadk/postgres');
      const pool = new pg.Pool({
        connectionString: this.options.connectionString,
        max: this.options.max ?? 10,
        connectionTimeoutMillis: this.options.connectionTimeoutMillis ?? 10_000,
      });
      // An idle connection that dies (server restart) is reported here; the next query reconnects.
      pool.on('error', () => undefined);
      this.ownPool = pool;
    }
    return this.ownPool;
  }
}

/** The key of a session in {@link PostgresSessionService}'s held locks. */
function lockKeyOf(ref: SessionRef): string {
  return JSON.stringify([ref.appName, ref.userId, ref.sessionId]);
}

/** The statements, named `rxadk_<key>` (so prepared once per connection) unless `prepared` is false. */
function statementsOf(prepared: boolean): Record<keyof typeof POSTGRES_SQL, PgStatement> {
  const entries = Object.entries(POSTGRES_SQL).map(([key, text]) => [key, prepared ? { name: `rxadk_${key}`, text } : { text }]);
  return Object.fromEntries(entries) as Record<keyof typeof POSTGRES_SQL, PgStatement>;
}
