import { RxadkError } from '../utils/errors.js';
import { redactUri } from '../utils/redact-uri.js';

/**
 * `getSessionServiceFromUri` was given a URI it cannot turn into a session service: an unknown
 * scheme, or a known scheme without what it needs (e.g. `sqlite://` without a path). Its message
 * and `uri` show the URI with its password replaced by `***` (`redactUri`).
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
      `Cannot create a session service from "${redactUri(fields.uri)}": ${fields.reason}. ` +
        'Supported: memory://, sqlite:///absolute/path.db, sqlite://./relative/path.db, sqlite://:memory:, ' +
        'postgresql://user:password@host:port/database (or postgres://...).',
    );
    this.uri = redactUri(fields.uri);
  }
}
