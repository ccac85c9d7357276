import {
  catchError,
  concat,
  concatMap,
  EMPTY,
  finalize,
  ignoreElements,
  last,
  map,
  type Observable,
  tap,
  throwError,
} from 'rxjs';
import { pgConnect } from './pg-connect.js';
import { pgQuery } from './pg-query.js';
import type { PgPool, PgPoolClient } from './pg-types.js';

/**
 * Runs `work` in a transaction on a connection of `pool`: `BEGIN`, the work (its last value is
 * the result), `COMMIT`, then the result. An error rolls back and is rethrown.
 *
 * The connection goes back to the pool as soon as the transaction ended cleanly (before the
 * result is emitted, so whatever the caller does next can reuse it). When the rollback itself
 * failed (the server is gone) or the caller unsubscribed mid-transaction, the connection is
 * destroyed instead, so that the server aborts whatever was open and no later caller inherits it.
 * A connection that dies between two statements surfaces as the next statement's error. A caller
 * that leaves while waiting for a connection leaves none checked out.
 *
 * @example
 * ```ts
 * inPgTransaction(pool, (client) =>
 *   pgQuery(client, 'SELECT version FROM rxadk_sessions WHERE id = $1 FOR UPDATE', ['s1']).pipe(
 *     concatMap(({ rows }) => pgQuery(client, 'UPDATE ...', [...])),
 *   ),
 * );
 * ```
 */
export function inPgTransaction<T>(pool: PgPool, work: (client: PgPoolClient) => Observable<T>): Observable<T> {
  return pgConnect(pool).pipe(
    concatMap((client) => {
      const release = releaserOf(client);
      return pgQuery(client, 'BEGIN').pipe(
        concatMap(() => work(client).pipe(last())),
        concatMap((result) =>
          pgQuery(client, 'COMMIT').pipe(
            map(() => {
              release(false);
              return result;
            }),
          ),
        ),
        catchError((error: unknown) => concat(rollback(client, () => release(false)), throwError(() => error))),
        finalize(() => release(true)),
      );
    }),
  );
}

/**
 * Watches `client` for connection errors while it is checked out (a `pg.Client` that emits
 * `'error'` with nobody listening ends the process) and returns the function that gives it back,
 * once: `release(true)` destroys it.
 */
function releaserOf(client: PgPoolClient): (destroy: boolean) => void {
  const ignore = () => undefined;
  client.on?.('error', ignore);
  let released = false;
  return (destroy) => {
    if (released) return;
    released = true;
    client.removeListener?.('error', ignore);
    client.release(destroy);
  };
}

function rollback(client: PgPoolClient, onRolledBack: () => void): Observable<never> {
  return pgQuery(client, 'ROLLBACK').pipe(
    tap(onRolledBack),
    ignoreElements(),
    catchError(() => EMPTY),
  );
}
