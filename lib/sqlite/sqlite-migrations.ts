/** One step of the SQLite schema: applied once, in a transaction, in version order. */
export interface SqliteMigration {
  /** The schema version after this step (`PRAGMA user_version`). Versions start at 1. */
  version: number;
  description: string;
  sql: string;
}

/**
 * The schema of `SqliteSessionService`, newest last. Never edit a released step: add one.
 *
 * - `sessions`: one row per (app, user, session) with `version` (the number of stored events, the
 *   writer-staleness check) and times in milliseconds.
 * - `events`: one JSON document per event (`data`, checked with `json_valid`), with the columns
 *   needed to select a session's events, order them (`seq`, 1, 2, 3...) and filter by `timestamp`.
 *   The event id is part of the primary key, so an append retried after a lost acknowledgement
 *   never stores the event twice.
 * - `app_state`, `user_state`, `session_state`: one row per key, value as JSON.
 *
 * @example
 * ```ts
 * SQLITE_MIGRATIONS.at(-1)!.version; // the schema version a new file gets
 * ```
 */
export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    description: 'sessions, events, app/user/session state',
    sql: `
      CREATE TABLE sessions (
        app_name TEXT NOT NULL,
        user_id TEXT NOT NULL,
        id TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        create_time REAL NOT NULL,
        last_update_time REAL NOT NULL,
        PRIMARY KEY (app_name, user_id, id)
      );
      CREATE TABLE events (
        app_name TEXT NOT NULL,
        user_id TEXT NOT NULL,
        session_id TEXT NOT NULL,
        id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        invocation_id TEXT NOT NULL,
        author TEXT NOT NULL,
        timestamp REAL NOT NULL,
        data TEXT NOT NULL CHECK (json_valid(data)),
        PRIMARY KEY (app_name, user_id, session_id, id),
        UNIQUE (app_name, user_id, session_id, seq),
        FOREIGN KEY (app_name, user_id, session_id) REFERENCES sessions (app_name, user_id, id) ON DELETE CASCADE
      );
      CREATE INDEX events_by_time ON events (app_name, user_id, session_id, timestamp);
      CREATE TABLE app_state (
        app_name TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (app_name, key)
      ) WITHOUT ROWID;
      CREATE TABLE user_state (
        app_name TEXT NOT NULL,
        user_id TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (app_name, user_id, key)
      ) WITHOUT ROWID;
      CREATE TABLE session_state (
        app_name TEXT NOT NULL,
        user_id TEXT NOT NULL,
        session_id TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (app_name, user_id, session_id, key),
        FOREIGN KEY (app_name, user_id, session_id) REFERENCES sessions (app_name, user_id, id) ON DELETE CASCADE
      ) WITHOUT ROWID;
    `,
  },
];

/**
 * Brings a SQLite database up to the newest of `migrations`: reads `PRAGMA user_version`, then
 * applies every later step and records its version, all in one `BEGIN IMMEDIATE` transaction (so
 * two processes opening a new file at once cannot both migrate it, and a crash mid-migration
 * leaves the previous version). A file whose version is newer than any step is refused: it was
 * written by a newer rxadk. Returns the version found before migrating.
 *
 * @example
 * ```ts
 * const before = migrateSqliteSchema(db); // 0 for a new file; the file is now at the latest version
 * ```
 */
export function migrateSqliteSchema(
  db: SqliteMigrationTarget,
  migrations: readonly SqliteMigration[] = SQLITE_MIGRATIONS,
): number {
  const latest = migrations.at(-1)?.version ?? 0;
  const migrate = db.transaction(() => {
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current > latest) {
      throw new Error(
        `the file "${db.name}" has schema version ${current}, newer than this rxadk supports (${latest}); ` +
          'upgrade rxadk to open it',
      );
    }
    for (const step of migrations) {
      if (step.version <= current) continue;
      db.exec(step.sql);
      db.pragma(`user_version = ${Math.trunc(step.version)}`);
    }
    return current;
  });
  return migrate.immediate();
}

/**
 * The part of a better-sqlite3 `Database` that {@link migrateSqliteSchema} uses, declared here so
 * that rxadk's types do not need `@types/better-sqlite3` (an optional peer's types); a
 * better-sqlite3 `Database` fits it.
 *
 * @example
 * ```ts
 * const db: SqliteMigrationTarget = new Database('sessions.db'); // import Database from 'better-sqlite3'
 * ```
 */
export interface SqliteMigrationTarget {
  /** The file name (used in errors). */
  readonly name: string;
  /** Runs SQL that returns no rows. */
  exec(sql: string): unknown;
  /** Reads or sets a pragma. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  /** Wraps `fn` in a transaction; `.immediate()` runs it with `BEGIN IMMEDIATE`. */
  transaction<T>(fn: () => T): { (): T; immediate(): T };
}
