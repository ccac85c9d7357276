import { concatMap, from, map, type Observable, toArray } from 'rxjs';
import { inPgTransaction } from './in-pg-transaction.js';
import { pgQuery } from './pg-query.js';
import type { PgPool, PgPoolClient } from './pg-types.js';

/** One step of the PostgreSQL schema: applied once, in order, recorded in `rxadk_schema_version`. */
export interface PostgresMigration {
  version: number;
  description: string;
  sql: string;
}

/**
 * The schema of `PostgresSessionService`, newest last (tables are prefixed `rxadk_` so they can
 * share a database with the application's own). Never edit a released step: add one.
 *
 * - `rxadk_sessions`: one row per (app, user, session), with `version` (number of stored events:
 *   the row every append locks with `SELECT ... FOR UPDATE`, and the staleness check).
 * - `rxadk_events`: one `json` document per event with the columns to select, order (`seq`) and
 *   filter (`timestamp`, ms) them; the event id is in the primary key, so a retried append never
 *   stores an event twice.
 * - `rxadk_app_state`, `rxadk_user_state`, `rxadk_session_state`: one row per key.
 *
 * @example
 * ```ts
 * POSTGRES_MIGRATIONS.at(-1)!.version; // the schema version a new database gets
 * ```
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    description: 'sessions, events, app/user/session state',
    sql: `
      CREATE TABLE rxadk_sessions (
        app_name text NOT NULL,
        user_id text NOT NULL,
        id text NOT NULL,
        version bigint NOT NULL DEFAULT 0,
        create_time double precision NOT NULL,
        last_update_time double precision NOT NULL,
        PRIMARY KEY (app_name, user_id, id)
      );
      CREATE TABLE rxadk_events (
        app_name text NOT NULL,
        user_id text NOT NULL,
        session_id text NOT NULL,
        id text NOT NULL,
        seq bigint NOT NULL,
        invocation_id text NOT NULL,
        author text NOT NULL,
        timestamp double precision NOT NULL,
        data json NOT NULL,
        PRIMARY KEY (app_name, user_id, session_id, id),
        UNIQUE (app_name, user_id, session_id, seq),
        FOREIGN KEY (app_name, user_id, session_id) REFERENCES rxadk_sessions (app_name, user_id, id) ON DELETE CASCADE
      );
      CREATE INDEX rxadk_events_by_time ON rxadk_events (app_name, user_id, session_id, timestamp);
      CREATE TABLE rxadk_app_state (
        app_name text NOT NULL,
        key text NOT NULL,
        value json NOT NULL,
        PRIMARY KEY (app_name, key)
      );
      CREATE TABLE rxadk_user_state (
        app_name text NOT NULL,
        user_id text NOT NULL,
        key text NOT NULL,
        value json NOT NULL,
        PRIMARY KEY (app_name, user_id, key)
      );
      CREATE TABLE rxadk_session_state (
        app_name text NOT NULL,
        user_id text NOT NULL,
        session_id text NOT NULL,
        key text NOT NULL,
        value json NOT NULL,
        PRIMARY KEY (app_name, user_id, session_id, key),
        FOREIGN KEY (app_name, user_id, session_id) REFERENCES rxadk_sessions (app_name, user_id, id) ON DELETE CASCADE
      );
    `,
  },
];

/** The advisory lock that serialises migrations across processes ('rxadk' in ASCII). */
const MIGRATION_LOCK = 0x7278_6164_6b;

/**
 * Brings the database up to the newest of `migrations`, in one transaction that first takes an
 * advisory lock, so that several processes starting at once migrate it exactly once. A database
 * whose version is newer than any step is refused (it was written by a newer rxadk). Emits the
 * version found before migrating.
 *
 * @example
 * ```ts
 * migratePostgresSchema(pool).subscribe((before) => console.log(`was at version ${before}`));
 * ```
 */
export function migratePostgresSchema(
  pool: PgPool,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Observable<number> {
  return inPgTransaction(pool, (client) =>
    pgQuery(client, 'SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]).pipe(
      concatMap(() =>
        pgQuery(
          client,
          'CREATE TABLE IF NOT EXISTS rxadk_schema_version (version integer PRIMARY KEY, description text NOT NULL, ' +
            'applied_at timestamptz NOT NULL DEFAULT now())',
        ),
      ),
      concatMap(() => pgQuery(client, 'SELECT coalesce(max(version), 0) AS version FROM rxadk_schema_version')),
      map(({ rows }) => Number(rows[0].version)),
      concatMap((current) => applySteps(client, current, migrations)),
    ),
  );
}

function applySteps(client: PgPoolClient, current: number, migrations: readonly PostgresMigration[]): Observable<number> {
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `the database has rxadk schema version ${current}, newer than this rxadk supports (${latest}); upgrade rxadk`,
    );
  }
  const pending = migrations.filter((step) => step.version > current);
  return from(pending).pipe(
    concatMap((step) =>
      pgQuery(client, step.sql).pipe(
        concatMap(() =>
          pgQuery(client, 'INSERT INTO rxadk_schema_version (version, description) VALUES ($1, $2)', [
            step.version,
            step.description,
          ]),
        ),
      ),
    ),
    toArray(),
    map(() => current),
  );
}
