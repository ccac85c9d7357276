import { defineStateKey, isStateDeletion, type ScopedStateDelta } from '../sessions/state-delta.js';

// The statements of PostgresSessionService. $1, $2, $3 are always app name, user id, session id.

/** Common table expressions writing a scoped state delta; its six parameters start at `$first`. */
function stateWrites(first: number): string {
  const p = (offset: number) => `$${first + offset}`;
  return `
    app_set AS (
      INSERT INTO rxadk_app_state (app_name, key, value) SELECT $1::text, key, value FROM json_each(${p(0)}::json)
      ON CONFLICT (app_name, key) DO UPDATE SET value = EXCLUDED.value),
    app_del AS (DELETE FROM rxadk_app_state WHERE app_name = $1 AND key = ANY(${p(1)}::text[])),
    user_set AS (
      INSERT INTO rxadk_user_state (app_name, user_id, key, value)
      SELECT $1::text, $2::text, key, value FROM json_each(${p(2)}::json)
      ON CONFLICT (app_name, user_id, key) DO UPDATE SET value = EXCLUDED.value),
    user_del AS (DELETE FROM rxadk_user_state WHERE app_name = $1 AND user_id = $2 AND key = ANY(${p(3)}::text[])),
    session_set AS (
      INSERT INTO rxadk_session_state (app_name, user_id, session_id, key, value)
      SELECT $1::text, $2::text, $3::text, key, value FROM json_each(${p(4)}::json)
      ON CONFLICT (app_name, user_id, session_id, key) DO UPDATE SET value = EXCLUDED.value),
    session_del AS (
      DELETE FROM rxadk_session_state
      WHERE app_name = $1 AND user_id = $2 AND session_id = $3 AND key = ANY(${p(5)}::text[]))`;
}

/** The merged state columns (app_state, user_state, session_state) of session `s`. */
const STATE_COLUMNS = `
  (SELECT json_object_agg(key, value) FROM rxadk_app_state a WHERE a.app_name = s.app_name) AS app_state,
  (SELECT json_object_agg(key, value) FROM rxadk_user_state u
     WHERE u.app_name = s.app_name AND u.user_id = s.user_id) AS user_state,
  (SELECT json_object_agg(key, value) FROM rxadk_session_state t
     WHERE t.app_name = s.app_name AND t.user_id = s.user_id AND t.session_id = s.id) AS session_state`;

/** The run lock's key: one 64-bit hash per (app, user, session), namespaced to rxadk. */
const RUN_LOCK_KEY = "hashtextextended(json_build_array('rxadk_session_run', $1::text, $2::text, $3::text)::text, 0)";

/**
 * Statement texts, built once; `PostgresSessionService` names them `rxadk_<key>` so that each is
 * prepared once per connection.
 *
 * @example
 * ```ts
 * pgQuery(pool, { name: 'rxadk_deleteSession', text: POSTGRES_SQL.deleteSession }, ['app', 'u1', 's1']);
 * ```
 */
export const POSTGRES_SQL = {
  /** $4 create time. One row when created, none when the id is taken. */
  insertSession: `
    INSERT INTO rxadk_sessions (app_name, user_id, id, version, create_time, last_update_time)
    VALUES ($1, $2, $3, 0, $4, $4) ON CONFLICT DO NOTHING RETURNING id`,
  /** $4..$9: a scoped state delta ({@link stateParams}). */
  writeState: `WITH ${stateWrites(4)} SELECT 1`,
  /** The session's version, state and events: $4 afterTimestamp (or null), $5 numRecentEvents (or null). */
  selectSession: `
    SELECT s.id, s.user_id, s.version, s.last_update_time, ${STATE_COLUMNS},
      (SELECT json_agg(e.data ORDER BY e.seq) FROM (
         SELECT data, seq FROM rxadk_events
         WHERE app_name = $1 AND user_id = $2 AND session_id = $3 AND ($4::float8 IS NULL OR timestamp >= $4::float8)
         ORDER BY seq DESC LIMIT $5::bigint) e) AS events
    FROM rxadk_sessions s WHERE s.app_name = $1 AND s.user_id = $2 AND s.id = $3`,
  /** $1 app, $2 user or null for every user. */
  listSessions: `
    SELECT s.id, s.user_id, s.version, s.last_update_time, ${STATE_COLUMNS}
    FROM rxadk_sessions s WHERE s.app_name = $1 AND ($2::text IS NULL OR s.user_id = $2::text)
    ORDER BY s.create_time, s.user_id, s.id`,
  deleteSession: 'DELETE FROM rxadk_sessions WHERE app_name = $1 AND user_id = $2 AND id = $3',
  /** Locks the session row; $4 event id: existing_seq is set when that event is already stored. */
  lockSession: `
    SELECT s.version, s.last_update_time,
      (SELECT e.seq FROM rxadk_events e
        WHERE e.app_name = s.app_name AND e.user_id = s.user_id AND e.session_id = s.id AND e.id = $4) AS existing_seq
    FROM rxadk_sessions s WHERE s.app_name = $1 AND s.user_id = $2 AND s.id = $3 FOR UPDATE`,
  /**
   * Stores one event in one statement: $4 id, $5 seq (= the new version), $6 invocation id,
   * $7 author, $8 timestamp, $9 the event as JSON, $10..$15 its scoped state delta.
   */
  writeEvent: `
    WITH event AS (
      INSERT INTO rxadk_events (app_name, user_id, session_id, id, seq, invocation_id, author, timestamp, data)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::json)),
    session AS (
      UPDATE rxadk_sessions SET version = $5, last_update_time = $8 WHERE app_name = $1 AND user_id = $2 AND id = $3),
    ${stateWrites(10)}
    SELECT 1`,
  /**
   * The session's run lock (held for a whole invocation, SPEC §6): a session-level advisory lock
   * whose 64-bit key is a hash of the session's triple, computed by the server. It waits for a
   * lock held by another connection, up to the connection's `lock_timeout`.
   */
  acquireRunLock: `SELECT pg_advisory_lock(${RUN_LOCK_KEY})`,
  /** Releases the run lock; `unlocked` is false when this connection did not hold it. */
  releaseRunLock: `SELECT pg_advisory_unlock(${RUN_LOCK_KEY}) AS unlocked`,
  /**
   * Ends the wait for the run lock of backend $4 (if it is still waiting): a backend blocked on a
   * lock does not notice that its client went away, so an abandoned wait is cancelled from
   * another connection. (A bigint advisory key is `classid` << 32 | `objid`, `objsubid` 1.)
   */
  cancelRunLockWait: `
    SELECT pg_cancel_backend(l.pid) FROM pg_locks l
    WHERE l.pid = $4 AND l.locktype = 'advisory' AND NOT l.granted AND l.objsubid = 1
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND ((l.classid::bigint << 32) | l.objid::bigint) = ${RUN_LOCK_KEY}`,
} as const;

/**
 * The six parameters of a scoped state delta: per scope, the keys to set (a JSON object, keys
 * sorted so that concurrent writers lock rows in one order) and the keys to delete.
 *
 * @example
 * ```ts
 * stateParams(splitStateDelta({ 'app:a': 1, b: null }));
 * // ['{"app:a":1}', [], '{}', [], '{}', ['b']]
 * ```
 */
export function stateParams(scoped: ScopedStateDelta): unknown[] {
  return [scoped.app, scoped.user, scoped.session].flatMap((delta) => {
    const set: Record<string, unknown> = {};
    const removed: string[] = [];
    for (const key of Object.keys(delta).sort()) {
      const value = delta[key];
      if (isStateDeletion(value)) removed.push(key);
      else defineStateKey(set, key, value);
    }
    return [JSON.stringify(set), removed];
  });
}
