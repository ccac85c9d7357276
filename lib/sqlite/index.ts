// rxadk/sqlite — the embedded, persistent session store (Node only; needs `better-sqlite3`).
export { SqliteSessionService, type SqliteSessionServiceOptions } from './sqlite-session-service.js';
export { SQLITE_MIGRATIONS, migrateSqliteSchema, type SqliteMigration, type SqliteMigrationTarget } from './sqlite-migrations.js';
export { SessionStoreError, type SessionStoreErrorFields, type SessionStoreKind } from '../services/session-store-error.js';
export { SessionAlreadyExistsError } from '../sessions/session-already-exists-error.js';
export { MissingDriverError } from '../utils/missing-driver-error.js';
