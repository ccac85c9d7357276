import { defer, from, type Observable } from 'rxjs';
import type { PgQueryable, PgQueryResult, PgStatement } from './pg-types.js';

/**
 * One query as a cold Observable: sent at subscription, one result, then complete. The driver's
 * Promise is converted here, once. A named statement is prepared once per connection.
 *
 * @example
 * ```ts
 * pgQuery(pool, 'SELECT version FROM rxadk_sessions WHERE id = $1', ['s1']).subscribe(({ rows }) => ...);
 * ```
 */
export function pgQuery(target: PgQueryable, statement: string | PgStatement, values?: unknown[]): Observable<PgQueryResult> {
  return defer(() =>
    from(
      typeof statement === 'string' || statement.name === undefined
        ? target.query(typeof statement === 'string' ? statement : statement.text, values)
        : target.query({ name: statement.name, text: statement.text, ...(values ? { values } : {}) }),
    ),
  );
}
