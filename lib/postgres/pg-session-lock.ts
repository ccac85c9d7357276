import { catchError, concatMap, defer, finalize, map, type Observable, throwError } from 'rxjs';
import { pgConnect } from './pg-connect.js';
import { pgQuery } from './pg-query.js';
import type { PgPool, PgPoolClient, PgQueryResult, PgStatement } from './pg-types.js';

/** What {@link lockSessionRun} needs. */
export interface SessionRunLockRequest {
  /** Where the lock's connection comes from (the service's pool, never a held lock). */
  pool: PgPool;
  /** The session's (app name, user id, session id): `$1..$3` of the statements. */
  params: [string, string, string];
  /** `SELECT pg_advisory_lock(<key of $1..$3>)`: waits for the lock. */
  acquire: PgStatement;
  /** `SELECT pg_advisory_unlock(<key of $1..$3>) AS unlocked`. */
  release: PgStatement;
  /** Cancels backend `$4`'s wait for that lock, if it is still waiting (run on another connection). */
  cancelWait: PgStatement;
  /** The bounded wait (ms); `Infinity` waits without bound. */
  timeoutMs: number;
  /** The error the caller gets when the wait ran out, given how long it waited (ms). */
  busy: (waitedMs: number) => Error;
}

/** PostgreSQL error codes that end a lock wait: `lock_not_available` (lock_timeout), `query_canceled` (statement_timeout). */
const WAIT_TIMED_OUT = new Set(['55P03', '57014']);

/**
 * Takes a session's run lock: checks a connection out of the pool, then waits on it, at most
 * `timeoutMs` (PostgreSQL's `lock_timeout`, set for the wait and `RESET` after it), for a
 * session-level advisory lock on the session. Emits the {@link PgSessionLock} once it is held;
 * the subscriber then owns it and must `release()` it.
 *
 * - The wait ran out: the connection goes back to the pool and the subscriber gets `busy(waitedMs)`.
 * - Any other failure: the connection is destroyed, the driver's error goes through.
 * - The subscriber left while waiting: the connection is destroyed (which frees a lock granted in
 *   the meantime) and its wait on the server is cancelled from another connection (a backend
 *   blocked on a lock would not notice its client had gone), so nothing stays locked, waiting or
 *   checked out.
 *
 * @example
 * ```ts
 * lockSessionRun({ pool, params: ['app', 'u1', 's1'], acquire, release, timeoutMs: 30_000, busy })
 *   .pipe(concatMap((lock) => turn$.pipe(finalize(() => lock.release()))));
 * ```
 */
export function lockSessionRun(request: SessionRunLockRequest): Observable<PgSessionLock> {
  return defer(() => {
    const started = Date.now();
    return pgConnect(request.pool).pipe(
      concatMap((client) => {
        const lock = new PgSessionLock(request, client);
        return pgQuery(client, SET_LOCK_TIMEOUT, [lockTimeoutSetting(request.timeoutMs)]).pipe(
          concatMap(({ rows }) => {
            lock.waitingAs(Number(rows[0].pid));
            return pgQuery(client, request.acquire, request.params);
          }),
          concatMap(() => pgQuery(client, 'RESET lock_timeout')),
          map(() => lock.hold()),
          catchError((error: unknown) => {
            if (!WAIT_TIMED_OUT.has((error as { code?: unknown } | null)?.code as string)) {
              lock.abandon(error);
              return throwError(() => error);
            }
            lock.giveBack();
            return throwError(() => request.busy(Date.now() - started));
          }),
          finalize(() => lock.abandon()),
        );
      }),
    );
  });
}

/** Bounds the wait (until `RESET lock_timeout`); answers the backend's pid, to cancel an abandoned wait. */
const SET_LOCK_TIMEOUT = "SELECT set_config('lock_timeout', $1, false), pg_backend_pid() AS pid";

/** `lock_timeout` in ms, as PostgreSQL reads it: at least 1; `0` (no bound) for `Infinity`. */
function lockTimeoutSetting(timeoutMs: number): string {
  return Number.isFinite(timeoutMs) ? String(Math.max(1, Math.ceil(timeoutMs))) : '0';
}

/** One borrower waiting for the lock's connection. */
interface Waiter {
  grant(): void;
  /** The lock is going away: use a connection of the pool instead. */
  redirect(): void;
}

/**
 * A pooled connection that holds one session's run lock for an invocation. It is also a
 * {@link PgPool}: while it is held, the service runs every statement for that session on this
 * connection, one borrower at a time, so a turn never needs a second connection (a pool full of
 * lock holders cannot deadlock waiting for connections to append with), and once the lock is lost
 * with its connection, nothing more of the turn can be stored. After `release()` it hands out
 * connections of the pool, like the pool itself. (A borrower must not borrow again before it
 * releases: it would wait for itself. Inside a transaction, use its client.)
 *
 * States: acquiring → held → closing (waits for the current borrower) → closed (unlocked and
 * returned to the pool, or destroyed: a connection that failed or could not unlock is never reused).
 *
 * @example
 * ```ts
 * lockSessionRun(request).pipe(
 *   concatMap((lock) => inPgTransaction(lock, (client) => pgQuery(client, '...')).pipe(finalize(() => lock.release()))),
 * );
 * ```
 */
export class PgSessionLock implements PgPool {
  private state: 'acquiring' | 'held' | 'closing' | 'closed' = 'acquiring';
  private readonly pool: PgPool;
  /** The backend's pid once it may be waiting for the lock. */
  private waitingPid: number | undefined;
  private busy = false;
  private broken: Error | undefined;
  private readonly waiters: Waiter[] = [];
  private readonly onConnectionError = (error: Error) => {
    this.broken ??= error;
  };

  constructor(
    private readonly request: Pick<SessionRunLockRequest, 'pool' | 'params' | 'release' | 'cancelWait'>,
    private readonly client: PgPoolClient,
  ) {
    this.pool = request.pool;
    // A checked-out pg.Client that emits 'error' with nobody listening ends the process.
    client.on?.('error', this.onConnectionError);
  }

  /** The lock statement is about to be sent, by backend `pid`. */
  waitingAs(pid: number): void {
    this.waitingPid = pid;
  }

  /** The lock was granted. */
  hold(): this {
    if (this.state === 'acquiring') this.state = 'held';
    return this;
  }

  /**
   * Unlocks and gives the connection back to the pool, once the current borrower is done;
   * borrowers still waiting get connections of the pool instead. Idempotent; never throws.
   */
  release(): void {
    if (this.state !== 'held') return this.abandon();
    this.state = 'closing';
    for (const waiter of this.waiters.splice(0)) waiter.redirect();
    this.dispatch();
  }

  /**
   * Destroys the connection, unless the lock was held or handed back already, and cancels its
   * wait on the server if it may be waiting (a granted lock goes with the connection).
   */
  abandon(error?: unknown): void {
    if (this.state !== 'acquiring') return;
    this.close(error instanceof Error ? error : new Error('the session lock was abandoned while it was being taken'));
    const pid = this.waitingPid;
    if (pid === undefined || error !== undefined) return;
    pgQuery(this.pool, this.request.cancelWait, [...this.request.params, pid]).subscribe({ error: () => undefined });
  }

  /** The wait ran out: resets `lock_timeout` and returns the connection (destroys it if that fails). */
  giveBack(): void {
    if (this.state !== 'acquiring') return;
    this.state = 'closing';
    pgQuery(this.client, 'RESET lock_timeout').subscribe({
      next: () => this.close(undefined),
      error: (error: unknown) => this.close(asError(error)),
    });
  }

  connect(): Promise<PgPoolClient> {
    if (this.state !== 'held') return this.pool.connect();
    return new Promise<PgPoolClient>((resolve, reject) => {
      this.waiters.push({
        grant: () => (this.broken ? this.refuse(reject) : resolve(this.borrowed())),
        redirect: () => this.pool.connect().then(resolve, reject),
      });
      this.dispatch();
    });
  }

  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
  query(config: PgStatement & { values?: unknown[] }): Promise<PgQueryResult>;
  query(statement: string | (PgStatement & { values?: unknown[] }), values?: unknown[]): Promise<PgQueryResult> {
    return this.connect().then((client) =>
      (typeof statement === 'string' ? client.query(statement, values) : client.query(statement)).finally(() => client.release()),
    );
  }

  /** Ending is the pool's owner's business: a lock never ends the pool. */
  end(): Promise<void> {
    return Promise.resolve();
  }

  /** Grants the connection to the next borrower, or, when closing and idle, unlocks. */
  private dispatch(): void {
    if (this.busy) return;
    const next = this.waiters.shift();
    if (next) {
      this.busy = true;
      next.grant();
      return;
    }
    if (this.state === 'closing') this.unlock();
  }

  private refuse(reject: (error: Error) => void): void {
    const cause = this.broken;
    this.busy = false;
    reject(new Error(`the connection holding the session's run lock failed, so the lock is lost (${cause?.message})`, { cause }));
    this.dispatch();
  }

  /** The connection as one borrower sees it: `release()` lets the next one in; `release(true)` marks it broken. */
  private borrowed(): PgPoolClient {
    let returned = false;
    const client = this.client;
    return {
      query: ((statement: string | PgStatement, values?: unknown[]) =>
        typeof statement === 'string' ? client.query(statement, values) : client.query(statement)) as PgPoolClient['query'],
      release: (destroy) => {
        if (returned) return;
        returned = true;
        if (destroy) this.broken ??= destroy instanceof Error ? destroy : new Error('a transaction on it did not end cleanly');
        this.busy = false;
        this.dispatch();
      },
    };
  }

  private unlock(): void {
    if (this.broken) return this.close(this.broken);
    pgQuery(this.client, this.request.release, this.request.params).subscribe({
      next: ({ rows }) => this.close(rows[0]?.unlocked === true ? undefined : new Error('the session lock was not held')),
      error: (error: unknown) => this.close(asError(error)),
    });
  }

  /** Gives the connection back to the pool (or destroys it, with `destroyWith`). Once. */
  private close(destroyWith: Error | undefined): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const waiter of this.waiters.splice(0)) waiter.redirect();
    this.client.removeListener?.('error', this.onConnectionError);
    this.client.release(destroyWith ?? this.broken);
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
