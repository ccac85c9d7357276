import { randomBytes } from 'node:crypto';
import { type FileHandle, link, open, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { catchError, concat, concatMap, defer, finalize, from, map, type Observable, of, throwError } from 'rxjs';

/**
 * Publishes `data` at `path` only if nothing is there yet, atomically and durably: the bytes are
 * written to a temporary file in the same folder and flushed (`fsync`), then hard-linked to
 * `path` (which fails with `EEXIST` when another writer got there first, so two writers can
 * never publish the same version), then the temporary name is removed. A reader sees either no
 * file or the whole file.
 *
 * @example
 * ```ts
 * publishFile('/data/artifacts/app/u1/sessions/s1/report.txt/0.json', '{"text":"hi"}').subscribe();
 * ```
 */
export function publishFile(path: string, data: string): Observable<void> {
  return defer(() => {
    const temporary = join(dirname(path), `.tmp-${randomBytes(6).toString('hex')}`);
    const cleanUp = defer(() => from(unlink(temporary))).pipe(
      map(() => undefined),
      catchError(() => of(undefined)),
    );
    return writeAndSync(temporary, data).pipe(
      concatMap(() => from(link(temporary, path))),
      catchError((error: unknown) => concat(cleanUp, throwError(() => error))),
      concatMap(() => cleanUp),
    );
  });
}

/** Creates `path` (it must not exist), writes `data`, flushes it to disk and closes it. */
function writeAndSync(path: string, data: string): Observable<void> {
  return defer(() => from(open(path, 'wx'))).pipe(
    concatMap((handle: FileHandle) => {
      let closed = false;
      return defer(() => from(handle.writeFile(data))).pipe(
        concatMap(() => from(handle.sync())),
        concatMap(() => {
          closed = true;
          return from(handle.close());
        }),
        finalize(() => {
          if (!closed) handle.close().catch(() => undefined);
        }),
      );
    }),
    map(() => undefined),
  );
}
