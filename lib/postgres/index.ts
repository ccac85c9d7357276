// rxadk/postgres — the session store for several Runner processes on one database (Node only; needs `pg`).
export { PostgresSessionService, type PostgresSessionServiceOptions } from './postgres-session-service.js';
export { POSTGRES_MIGRATIONS, migratePostgresSchema, type PostgresMigration } from './postgres-migrations.js';
export type { PgPool, PgPoolClient, PgQueryable, PgQueryResult } from './pg-types.js';
export { SessionStoreError, type SessionStoreErrorFields, type SessionStoreKind } from '../services/session-store-error.js';
export { SessionAlreadyExistsError } from '../sessions/session-already-exists-error.js';
export { SessionBusyError } from '../sessions/session-busy-error.js';
export { MissingDriverError } from '../utils/missing-driver-error.js';
