import { RxadkError } from '../utils/errors.js';

/**
 * `getSessionServiceFromUri` was given a URI it cannot turn into a session service: an unknown
 * scheme, or a known scheme without what it needs (e.g. `sqlite://` without a path).
 *
 * @example
 * ```ts
 * getSessionServiceFromUri('mysql://db/app').subscribe({
 *   error: (e) => console.error(e instanceof UnsupportedSessionUriError, e.message),
 * });
 * ```
 */
export class UnsupportedSessionUriError extends RxadkError {
  readonly uri: string;

  constructor(fields: { uri: string; reason: string }) {
    super(
      'UNSUPPORTED_SESSION_URI',
      `Cannot create a session service from "${redactPassword(fields.uri)}": ${fields.reason}. ` +
        'Supported: memory://, sqlite:///absolute/path.db, sqlite://./relative/path.db, sqlite://:memory:, ' +
        'postgresql://user:password@host:port/database (or postgres://...).',
    );
    this.uri = redactPassword(fields.uri);
  }
}

/**
 * The URI with any password replaced by `***`, for messages.
 *
 * @example
 * ```ts
 * redactPassword('postgresql://app:s3cret@db:5432/app'); // 'postgresql://app:***@db:5432/app'
 * ```
 */
export function redactPassword(uri: string): string {
  return uri.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*:)[^/@]*@/i, '$1***@');
}
