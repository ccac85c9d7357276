import { RxadkError } from '../utils/errors.js';

/** Which persistent session store raised a {@link SessionStoreError}. */
export type SessionStoreKind = 'sqlite' | 'postgres';

/** What {@link SessionStoreError} is built from. */
export interface SessionStoreErrorFields {
  store: SessionStoreKind;
  /** The `BaseSessionService` method that failed, e.g. `'appendEvent'`. */
  operation: string;
  appName?: string;
  userId?: string;
  sessionId?: string;
  /** What the driver threw. */
  cause: unknown;
}

/**
 * A persistent session store could not do what was asked: the database is unreachable, was
 * stopped mid-transaction, is locked, full or corrupt. The message names the store, the
 * operation, the session and the driver's own reason, and says what state the data is in: a
 * failed `appendEvent` was rolled back, so nothing of the event is stored (when the connection
 * dropped during `COMMIT` the outcome is unknown: reload the session; re-appending the same
 * event is safe, an event id is never stored twice).
 *
 * @example
 * ```ts
 * sessions.appendEvent(session, event).subscribe({
 *   error: (e) => {
 *     if (e instanceof SessionStoreError) console.error(e.store, e.operation, e.sessionId, e.cause);
 *   },
 * });
 * ```
 */
export class SessionStoreError extends RxadkError {
  readonly store: SessionStoreKind;
  readonly operation: string;
  readonly appName: string | undefined;
  readonly userId: string | undefined;
  readonly sessionId: string | undefined;

  constructor(fields: SessionStoreErrorFields) {
    super('SESSION_STORE_ERROR', messageOf(fields), { cause: fields.cause });
    this.store = fields.store;
    this.operation = fields.operation;
    this.appName = fields.appName;
    this.userId = fields.userId;
    this.sessionId = fields.sessionId;
  }
}

/** The cause's message (duck-typed: a driver's errors may come from another realm). */
function messageOfCause(cause: unknown): string {
  const message = (cause as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(cause);
}

const STORE_NAMES: Record<SessionStoreKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

function messageOf(fields: SessionStoreErrorFields): string {
  const reason = messageOfCause(fields.cause);
  const target =
    fields.sessionId !== undefined
      ? ` for session "${fields.sessionId}" (app "${fields.appName}", user "${fields.userId}")`
      : fields.appName !== undefined
        ? ` for app "${fields.appName}"`
        : '';
  const outcome =
    fields.operation === 'appendEvent'
      ? ' The transaction was rolled back, so nothing of this event was stored (if the connection was lost' +
        ' during COMMIT the outcome is unknown: reload the session; appending the same event again is safe,' +
        ' an event id is never stored twice).'
      : ' Nothing was changed by this call.';
  return `${STORE_NAMES[fields.store]} session store: ${fields.operation}${target} failed: ${reason || 'unknown error'}.${outcome}`;
}

/**
 * What a store's caller sees when `error` escapes one of its operations: rxadk's own errors
 * (`StaleSessionError`, `SessionNotFoundError`, ...) as they are, anything else (a driver
 * error) wrapped in a {@link SessionStoreError}.
 *
 * @example
 * ```ts
 * catchError((e) => throwError(() => toSessionStoreError(e, { store: 'postgres', operation: 'getSession' })))
 * ```
 */
export function toSessionStoreError(error: unknown, fields: Omit<SessionStoreErrorFields, 'cause'>): Error {
  if (error instanceof RxadkError) return error;
  return new SessionStoreError({ ...fields, cause: error });
}
