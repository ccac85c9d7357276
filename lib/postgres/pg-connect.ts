import { Observable } from 'rxjs';
import type { PgPool, PgPoolClient } from './pg-types.js';

/**
 * Checks a connection out of `pool` as a cold Observable: asked for at subscription, emitted once,
 * then complete. Whoever receives it owns it and must `release()` it. If the subscriber leaves
 * before the pool answers (the pool was exhausted and the caller gave up), the connection that
 * arrives later goes straight back to the pool: an abandoned checkout never leaks one.
 *
 * @example
 * ```ts
 * pgConnect(pool).pipe(concatMap((client) => pgQuery(client, 'SELECT 1').pipe(finalize(() => client.release()))));
 * ```
 */
export function pgConnect(pool: PgPool): Observable<PgPoolClient> {
  return new Observable<PgPoolClient>((subscriber) => {
    let wanted = true;
    pool.connect().then(
      (client) => {
        if (!wanted) return client.release();
        subscriber.next(client);
        subscriber.complete();
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => {
      wanted = false;
    };
  });
}
