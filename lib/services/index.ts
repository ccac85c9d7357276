// rxadk/services — build services from configuration (Node only).
export { getSessionServiceFromUri, type SessionServiceUriOptions } from './get-session-service-from-uri.js';
export { UnsupportedSessionUriError } from './unsupported-session-uri-error.js';
export { MissingDriverError } from '../utils/missing-driver-error.js';
export { SessionStoreError, type SessionStoreErrorFields, type SessionStoreKind } from './session-store-error.js';
export { SessionAlreadyExistsError } from '../sessions/session-already-exists-error.js';
export { requireDriver } from '../utils/require-driver.js';
