import { createRequire } from 'node:module';
import { MissingDriverError } from './missing-driver-error.js';

const requireFromHere = createRequire(import.meta.url);

/**
 * Loads an optional database driver (a CommonJS package such as `better-sqlite3` or `pg`)
 * synchronously, when a store first needs it, so that importing `rxadk/sqlite` or
 * `rxadk/postgres` never fails by itself. A driver that is not installed becomes a
 * {@link MissingDriverError} that names the package to install; any other load failure (a
 * native addon that was not built, say) is rethrown as is.
 *
 * @example
 * ```ts
 * const pg = requireDriver<typeof import('pg')>('pg', 'rxadk/postgres');
 * ```
 */
export function requireDriver<T>(packageName: string, feature: string): T {
  try {
    return requireFromHere(packageName) as T;
  } catch (error) {
    if (isNotFound(error, packageName)) throw new MissingDriverError({ packageName, feature, cause: error });
    throw error;
  }
}

function isNotFound(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error as { message?: unknown } | null)?.message;
  return code === 'MODULE_NOT_FOUND' && typeof message === 'string' && message.includes(`'${packageName}'`);
}
