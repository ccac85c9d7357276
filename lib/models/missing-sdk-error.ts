import { MissingDriverError } from '../utils/missing-driver-error.js';

/**
 * `error` as a {@link MissingDriverError} naming `packageName` when it says that the package could
 * not be loaded (Node's `ERR_MODULE_NOT_FOUND` / `MODULE_NOT_FOUND`, or a bundler's "Cannot find
 * module"); `error` itself otherwise. For adapters that load their SDK (an optional peer) with a
 * dynamic `import()` on their first call.
 *
 * @example
 * ```ts
 * from(import('./openai-client.js')).pipe(catchError((e) => throwError(() => missingSdkError(e, 'openai', 'rxadk/openai'))));
 * ```
 */
export function missingSdkError(error: unknown, packageName: string, feature: string): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  const notFound = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || /Cannot find (module|package)/i.test(text);
  const names = text.includes(`'${packageName}'`) || text.includes(`"${packageName}"`) || text.includes(`/${packageName}/`);
  return notFound && names ? new MissingDriverError({ packageName, feature, cause: error }) : error;
}
