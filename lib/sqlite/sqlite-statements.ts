import type BetterSqlite3 from 'better-sqlite3';
import { defineStateKey, isStateDeletion, type ScopedStateDelta } from '../sessions/state-delta.js';

type Statement<P extends unknown[], R = unknown> = BetterSqlite3.Statement<P, R>;

/** A `sessions` row as the store reads it. */
export interface SqliteSessionRow {
  id: string;
  user_id: string;
  version: number;
  last_update_time: number;
}

/** A key/value state row. */
export interface SqliteStateRow {
  key: string;
  value: string;
}

/**
 * The prepared statements of `SqliteSessionService`, compiled once per connection.
 *
 * @example
 * ```ts
 * const statements = prepareSqliteStatements(db);
 * statements.selectSession.get('app', 'u1', 's1'); // { id, user_id, version, last_update_time } | undefined
 * ```
 */
export function prepareSqliteStatements(db: BetterSqlite3.Database) {
  const sessionKey = 'app_name = ? AND user_id = ? AND id = ?';
  const eventsKey = 'app_name = ? AND user_id = ? AND session_id = ?';
  const sessionColumns = 'id, user_id, version, last_update_time';
  return {
    insertSession: db.prepare(
      'INSERT OR IGNORE INTO sessions (app_name, user_id, id, version, create_time, last_update_time) VALUES (?, ?, ?, 0, ?, ?)',
    ) as Statement<[string, string, string, number, number]>,
    selectSession: db.prepare(`SELECT ${sessionColumns} FROM sessions WHERE ${sessionKey}`) as Statement<
      [string, string, string],
      SqliteSessionRow
    >,
    listAppSessions: db.prepare(
      `SELECT ${sessionColumns} FROM sessions WHERE app_name = ? ORDER BY create_time, rowid`,
    ) as Statement<[string], SqliteSessionRow>,
    listUserSessions: db.prepare(
      `SELECT ${sessionColumns} FROM sessions WHERE app_name = ? AND user_id = ? ORDER BY create_time, rowid`,
    ) as Statement<[string, string], SqliteSessionRow>,
    deleteSession: db.prepare(`DELETE FROM sessions WHERE ${sessionKey}`) as Statement<[string, string, string]>,
    updateSession: db.prepare(`UPDATE sessions SET version = ?, last_update_time = ? WHERE ${sessionKey}`) as Statement<
      [number, number, string, string, string]
    >,
    selectEventSeq: db.prepare(`SELECT seq FROM events WHERE ${eventsKey} AND id = ?`).pluck() as Statement<
      [string, string, string, string],
      number
    >,
    insertEvent: db.prepare(
      'INSERT INTO events (app_name, user_id, session_id, id, seq, invocation_id, author, timestamp, data) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ) as Statement<[string, string, string, string, number, string, string, number, string]>,
    /** Every event of a session, oldest first. */
    selectAllEvents: db.prepare(`SELECT data FROM events WHERE ${eventsKey} ORDER BY seq`).pluck() as Statement<
      [string, string, string],
      string
    >,
    /** The last N events (read backwards on the (session, seq) index), oldest first. */
    selectRecentEvents: db
      .prepare(`SELECT data FROM (SELECT data, seq FROM events WHERE ${eventsKey} ORDER BY seq DESC LIMIT ?) ORDER BY seq`)
      .pluck() as Statement<[string, string, string, number], string>,
    /** Events at or after a time, the last N of them (`-1`: all), oldest first. */
    selectEventsSince: db
      .prepare(
        `SELECT data FROM (SELECT data, seq FROM events WHERE ${eventsKey} AND timestamp >= ? ` +
          'ORDER BY seq DESC LIMIT ?) ORDER BY seq',
      )
      .pluck() as Statement<[string, string, string, number, number], string>,
    selectAppState: db.prepare('SELECT key, value FROM app_state WHERE app_name = ?') as Statement<
      [string],
      SqliteStateRow
    >,
    selectUserState: db.prepare('SELECT key, value FROM user_state WHERE app_name = ? AND user_id = ?') as Statement<
      [string, string],
      SqliteStateRow
    >,
    selectSessionState: db.prepare(`SELECT key, value FROM session_state WHERE ${eventsKey}`) as Statement<
      [string, string, string],
      SqliteStateRow
    >,
    upsertAppState: db.prepare(
      'INSERT INTO app_state (app_name, key, value) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value',
    ) as Statement<[string, string, string]>,
    deleteAppState: db.prepare('DELETE FROM app_state WHERE app_name = ? AND key = ?') as Statement<[string, string]>,
    upsertUserState: db.prepare(
      'INSERT INTO user_state (app_name, user_id, key, value) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT DO UPDATE SET value = excluded.value',
    ) as Statement<[string, string, string, string]>,
    deleteUserState: db.prepare('DELETE FROM user_state WHERE app_name = ? AND user_id = ? AND key = ?') as Statement<
      [string, string, string]
    >,
    upsertSessionState: db.prepare(
      'INSERT INTO session_state (app_name, user_id, session_id, key, value) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT DO UPDATE SET value = excluded.value',
    ) as Statement<[string, string, string, string, string]>,
    deleteSessionState: db.prepare(`DELETE FROM session_state WHERE ${eventsKey} AND key = ?`) as Statement<
      [string, string, string, string]
    >,
  };
}

/**
 * The stored JSON of the events `getSession` asks for: all of them, the last `numRecentEvents`,
 * or those at or after `afterTimestamp` (then the last N of those), oldest first.
 *
 * @example
 * ```ts
 * selectSqliteEvents(statements, ref, { numRecentEvents: 20 }); // ['{"id":...}', ...]
 * ```
 */
export function selectSqliteEvents(
  statements: SqliteStatements,
  ref: { appName: string; userId: string; sessionId: string },
  config: { numRecentEvents?: number; afterTimestamp?: number } = {},
): string[] {
  const key = [ref.appName, ref.userId, ref.sessionId] as const;
  const limit = config.numRecentEvents === undefined ? undefined : Math.max(0, Math.trunc(config.numRecentEvents));
  if (config.afterTimestamp !== undefined) return statements.selectEventsSince.all(...key, config.afterTimestamp, limit ?? -1);
  if (limit !== undefined) return statements.selectRecentEvents.all(...key, limit);
  return statements.selectAllEvents.all(...key);
}

/** The statements of one connection. */
export type SqliteStatements = ReturnType<typeof prepareSqliteStatements>;

/**
 * Writes a scoped state delta (from `splitStateDelta`) with `statements` (inside the caller's
 * transaction): a deletion ({@link isStateDeletion}) deletes the row, anything else is stored as
 * JSON.
 *
 * @example
 * ```ts
 * writeSqliteState(statements, { appName: 'app', userId: 'u1', sessionId: 's1' }, splitStateDelta(delta));
 * ```
 */
export function writeSqliteState(
  statements: SqliteStatements,
  ref: { appName: string; userId: string; sessionId: string },
  scoped: ScopedStateDelta,
): void {
  const { appName, userId, sessionId } = ref;
  for (const [key, value] of Object.entries(scoped.app)) {
    if (isStateDeletion(value)) statements.deleteAppState.run(appName, key);
    else statements.upsertAppState.run(appName, key, JSON.stringify(value));
  }
  for (const [key, value] of Object.entries(scoped.user)) {
    if (isStateDeletion(value)) statements.deleteUserState.run(appName, userId, key);
    else statements.upsertUserState.run(appName, userId, key, JSON.stringify(value));
  }
  for (const [key, value] of Object.entries(scoped.session)) {
    if (isStateDeletion(value)) statements.deleteSessionState.run(appName, userId, sessionId, key);
    else statements.upsertSessionState.run(appName, userId, sessionId, key, JSON.stringify(value));
  }
}

/**
 * The merged state of a session as `getSession` returns it: app keys, then the user's, then the
 * session's own (each scope's keys keep their prefixes, so none overrides another).
 *
 * @example
 * ```ts
 * readSqliteState(statements, { appName: 'app', userId: 'u1', sessionId: 's1' });
 * // { 'app:theme': 'dark', 'user:lang': 'fr', step: 2 }
 * ```
 */
export function readSqliteState(
  statements: SqliteStatements,
  ref: { appName: string; userId: string; sessionId: string },
): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  const add = (rows: SqliteStateRow[]) => {
    for (const row of rows) defineStateKey(state, row.key, JSON.parse(row.value));
  };
  add(statements.selectAppState.all(ref.appName));
  add(statements.selectUserState.all(ref.appName, ref.userId));
  add(statements.selectSessionState.all(ref.appName, ref.userId, ref.sessionId));
  return state;
}
