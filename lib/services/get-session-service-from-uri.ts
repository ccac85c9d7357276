import { resolve } from 'node:path';
import { defer, from, map, type Observable, of } from 'rxjs';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { requireDriver } from '../utils/require-driver.js';
import { UnsupportedSessionUriError } from './unsupported-session-uri-error.js';

/**
 * Options of {@link getSessionServiceFromUri} for the stores that hold connections.
 *
 * @example
 * ```ts
 * getSessionServiceFromUri('postgresql://localhost/app', { postgres: { max: 66 } });
 * ```
 */
export interface SessionServiceUriOptions {
  /**
   * The pool of a `postgresql://` store (see `PostgresSessionServiceOptions`): `max` connections
   * (default 10; a running turn holds one for its whole length) and `connectionTimeoutMillis`
   * (default 10000). Ignored by the other stores.
   */
  postgres?: { max?: number; connectionTimeoutMillis?: number };
}

/**
 * A session service from a URI, as Google ADK's CLI takes them (`--session_service_uri`):
 *
 * | URI | service |
 * |---|---|
 * | `memory://` | `InMemorySessionService` |
 * | `sqlite:///absolute/path.db`, `sqlite://./relative/path.db`, `sqlite://:memory:` | `SqliteSessionService` (`better-sqlite3`) |
 * | `postgresql://user:password@host:5432/db` or `postgres://...` | `PostgresSessionService` (`pg`) |
 *
 * A SQLite URI may end with `?synchronous=normal` (default `full`). The store's module and its
 * driver are loaded only for its scheme (dynamic `import()`), so an app on SQLite never needs `pg`.
 * An unknown scheme or a malformed URI is an {@link UnsupportedSessionUriError}; a driver that is
 * not installed is a `MissingDriverError` naming the package to install. Cold: nothing is loaded
 * or opened before subscription, and the store itself connects on its first call.
 *
 * @example
 * ```ts
 * import { getSessionServiceFromUri } from 'rxadk/services';
 *
 * getSessionServiceFromUri(process.env.SESSION_URI ?? 'sqlite://./sessions.db').subscribe((sessionService) => {
 *   const runner = new Runner({ appName: 'app', agent, sessionService, autoCreateSession: true });
 * });
 * ```
 */
export function getSessionServiceFromUri(uri: string, options: SessionServiceUriOptions = {}): Observable<BaseSessionService> {
  return defer(() => {
    const scheme = schemeOf(uri);
    switch (scheme) {
      case 'memory':
        return of(new InMemorySessionService());
      case 'sqlite':
        return sqliteService(uri);
      case 'postgresql':
      case 'postgres':
        return postgresService(uri, options.postgres ?? {});
      default:
        throw new UnsupportedSessionUriError({
          uri,
          reason: scheme ? `the scheme "${scheme}://" is not one rxadk knows` : 'it has no scheme (like "sqlite://")',
        });
    }
  });
}

function schemeOf(uri: string): string | undefined {
  if (typeof uri !== 'string') return undefined;
  return /^([a-z][a-z0-9+.-]*):\/\//i.exec(uri.trim())?.[1]?.toLowerCase();
}

function sqliteService(uri: string): Observable<BaseSessionService> {
  const { path, synchronous } = sqliteOptionsOf(uri);
  requireDriver('better-sqlite3', 'rxadk/sqlite (sqlite:// session URIs)');
  return from(import('../sqlite/index.js')).pipe(
    map(({ SqliteSessionService }) => new SqliteSessionService({ path, synchronous })),
  );
}

function postgresService(uri: string, pool: NonNullable<SessionServiceUriOptions['postgres']>): Observable<BaseSessionService> {
  requireDriver('pg', 'rxadk/postgres (postgresql:// session URIs)');
  return from(import('../postgres/index.js')).pipe(
    map(({ PostgresSessionService }) => new PostgresSessionService({ connectionString: uri.trim(), ...pool })),
  );
}

/** The file and options of a `sqlite://` URI: everything after `sqlite://` up to `?` is the path. */
function sqliteOptionsOf(uri: string): { path: string; synchronous: 'full' | 'normal' } {
  const rest = uri.trim().slice('sqlite://'.length);
  const [rawPath = '', query = ''] = rest.split('?', 2);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw new UnsupportedSessionUriError({ uri, reason: 'its path is not valid percent-encoding' });
  }
  if (!path) throw new UnsupportedSessionUriError({ uri, reason: 'it names no database file' });
  const params = new URLSearchParams(query);
  const synchronous = (params.get('synchronous') ?? 'full').toLowerCase();
  if (synchronous !== 'full' && synchronous !== 'normal') {
    throw new UnsupportedSessionUriError({ uri, reason: `synchronous must be "full" or "normal", not "${synchronous}"` });
  }
  for (const key of params.keys()) {
    if (key !== 'synchronous') throw new UnsupportedSessionUriError({ uri, reason: `unknown option "${key}"` });
  }
  return { path: path === ':memory:' ? path : resolve(path), synchronous };
}
