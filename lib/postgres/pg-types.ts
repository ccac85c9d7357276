/**
 * The parts of the `pg` driver that rxadk uses, as structural types, so that rxadk's own type
 * declarations never require `@types/pg`. A `pg.Pool` satisfies {@link PgPool}.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * const pool: PgPool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * ```
 */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
  /** With a `name`, the statement is prepared once per connection and reused. */
  query(config: PgStatement & { values?: unknown[] }): Promise<PgQueryResult>;
}

/** A statement text, optionally named (a named statement is prepared once per connection). */
export interface PgStatement {
  text: string;
  name?: string;
}

/** What a query answers. */
export interface PgQueryResult {
  rows: any[];
  rowCount: number | null;
}

/** A connection checked out of a pool; `release(true)` destroys it instead of reusing it. */
export interface PgPoolClient extends PgQueryable {
  release(destroy?: boolean | Error): void;
  /** A `pg.Client` emits `'error'` when its connection dies between queries. */
  on?(event: 'error', listener: (error: Error) => void): unknown;
  removeListener?(event: 'error', listener: (error: Error) => void): unknown;
}

/** A `pg.Pool`, or anything with the same shape. */
export interface PgPool extends PgQueryable {
  connect(): Promise<PgPoolClient>;
  end(): Promise<void>;
}
