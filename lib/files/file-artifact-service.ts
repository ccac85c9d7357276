import { mkdir, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Part } from '@google/genai';
import { catchError, concatMap, defer, forkJoin, from, map, type Observable, of, throwError } from 'rxjs';
import {
  type ArtifactLocation,
  type ArtifactRef,
  BaseArtifactService,
  isUserScopedFilename,
} from '../artifacts/base-artifact-service.js';
import { assertSafeArtifactFilename, assertSafeArtifactSegment } from './artifact-path-rules.js';
import { UnsafeArtifactPathError } from './unsafe-artifact-path-error.js';
import { publishFile } from './write-file-durably.js';

/** What a {@link FileArtifactService} is built from. */
export interface FileArtifactServiceOptions {
  /** The folder that holds every artifact (created when missing). Nothing is ever read or written outside it. */
  root: string;
}

const VERSION_FILE = /^(0|[1-9][0-9]*)\.json$/;
const MAX_NAME_BYTES = 255;

/**
 * A {@link BaseArtifactService} on the file system: every version of an artifact is a file.
 *
 * ```
 * <root>/<app>/<user>/sessions/<session>/<filename>/0.json, 1.json, ...   session artifacts
 * <root>/<app>/<user>/user/<user:filename>/0.json, ...                    `user:` artifacts, shared
 *                                                                          by the user's sessions
 * ```
 *
 * Names are percent-encoded on disk (`reports/q1.pdf` is one folder, `reports%2Fq1.pdf`). A
 * version file holds the `Part` as JSON and is published atomically and durably (written, flushed,
 * then hard-linked into place, so concurrent writers never share a version number).
 *
 * Filenames and ids can never escape the root: `..` and `.` segments, absolute paths, empty names
 * and segments, NUL and control characters, backslashes, look-alike slashes and dots (U+2215,
 * U+FF0F, U+2044, U+FF0E, ...), invisible bidirectional characters, and names that become unsafe
 * once NFKC-normalised or percent-decoded are refused with {@link UnsafeArtifactPathError}; so is a
 * path that a symbolic link inside the root would send outside it (checked on the real path before
 * anything is created, read or deleted).
 *
 * @example
 * ```ts
 * import { FileArtifactService } from 'rxadk/files';
 *
 * const artifactService = new FileArtifactService({ root: './data/artifacts' });
 * const runner = new Runner({ appName: 'app', agent, sessionService, artifactService });
 * ```
 */
export class FileArtifactService extends BaseArtifactService {
  /** The absolute root folder. */
  readonly root: string;

  constructor(options: FileArtifactServiceOptions) {
    super();
    this.root = resolve(options.root);
  }

  saveArtifact(request: ArtifactRef & { artifact: Part }): Observable<number> {
    return defer(() => {
      const folder = this.artifactFolder(request);
      const data = JSON.stringify(request.artifact);
      return this.prepareFolder(folder).pipe(
        concatMap((real) =>
          this.versionsIn(real).pipe(concatMap((versions) => this.publishVersion(real, data, (versions.at(-1) ?? -1) + 1))),
        ),
      );
    });
  }

  loadArtifact(request: ArtifactRef & { version?: number }): Observable<Part | undefined> {
    return defer(() => {
      const folder = this.artifactFolder(request);
      const wanted = request.version;
      if (wanted !== undefined && !(Number.isInteger(wanted) && wanted >= 0)) return of(undefined);
      return this.existingFolder(folder).pipe(
        concatMap((found) => (found ? this.readVersion(found, wanted) : of(undefined))),
      );
    });
  }

  listArtifactKeys(request: ArtifactLocation): Observable<string[]> {
    return defer(() => {
      const folders = [this.scopeFolder(request, false), this.scopeFolder(request, true)];
      return forkJoin(folders.map((folder) => this.namesIn(folder))).pipe(map((lists) => lists.flat().sort()));
    });
  }

  deleteArtifact(request: ArtifactRef): Observable<void> {
    return defer(() => {
      const folder = this.artifactFolder(request);
      return this.existingFolder(folder).pipe(
        concatMap((found) => (found ? from(rm(found, { recursive: true, force: true })) : of(undefined))),
        map(() => undefined),
      );
    });
  }

  listVersions(request: ArtifactRef): Observable<number[]> {
    return defer(() => {
      const folder = this.artifactFolder(request);
      return this.existingFolder(folder).pipe(concatMap((found) => (found ? this.versionsIn(found) : of([]))));
    });
  }

  /** Reads `version` (the latest when undefined) from a folder; `undefined` when there is none. */
  private readVersion(folder: string, wanted: number | undefined): Observable<Part | undefined> {
    return this.versionsIn(folder).pipe(
      concatMap((versions) => {
        const version = wanted ?? versions.at(-1);
        if (version === undefined || !versions.includes(version)) return of(undefined);
        return from(readFile(join(folder, `${version}.json`), 'utf8')).pipe(map((text) => JSON.parse(text) as Part));
      }),
    );
  }

  /** The folder of one artifact; throws {@link UnsafeArtifactPathError} for an unsafe name. */
  private artifactFolder(ref: ArtifactRef): string {
    assertSafeArtifactFilename(ref.filename);
    const folder = join(this.scopeFolder(ref, isUserScopedFilename(ref.filename)), encodeName('filename', ref.filename));
    if (!isInside(this.root, resolve(folder))) {
      throw new UnsafeArtifactPathError({ field: 'filename', value: ref.filename, reason: 'it resolves outside the root' });
    }
    return folder;
  }

  /** The folder of a session's artifacts, or (`user`) of the user's shared ones. */
  private scopeFolder(location: ArtifactLocation, user: boolean): string {
    assertSafeArtifactSegment('appName', location.appName);
    assertSafeArtifactSegment('userId', location.userId);
    assertSafeArtifactSegment('sessionId', location.sessionId);
    const owner = join(this.root, encodeName('appName', location.appName), encodeName('userId', location.userId));
    return user ? join(owner, 'user') : join(owner, 'sessions', encodeName('sessionId', location.sessionId));
  }

  /** Publishes `data` as `version`, or the next free version when another writer took it. */
  private publishVersion(folder: string, data: string, version: number): Observable<number> {
    return publishFile(join(folder, `${version}.json`), data).pipe(
      map(() => version),
      catchError((error: unknown) =>
        codeOf(error) === 'EEXIST' ? this.publishVersion(folder, data, version + 1) : throwError(() => error),
      ),
    );
  }

  /** Creates `folder` once the real path of its deepest existing ancestor is known to be inside the root. */
  private prepareFolder(folder: string): Observable<string> {
    return this.realRoot().pipe(
      concatMap((realRoot) =>
        deepestExistingRealPath(folder).pipe(
          map((real) => this.assertReallyInside(realRoot, real, folder)),
          concatMap(() => from(mkdir(folder, { recursive: true }))),
          concatMap(() => from(realpath(folder))),
          map((real) => this.assertReallyInside(realRoot, real, folder)),
        ),
      ),
    );
  }

  /** The real path of `folder` when it exists (and is inside the root), else `undefined`. */
  private existingFolder(folder: string): Observable<string | undefined> {
    return this.realRoot().pipe(
      concatMap((realRoot) =>
        from(realpath(folder)).pipe(
          map((real): string | undefined => this.assertReallyInside(realRoot, real, folder)),
          catchError((error: unknown) => (codeOf(error) === 'ENOENT' ? of(undefined) : throwError(() => error))),
        ),
      ),
    );
  }

  private assertReallyInside(realRoot: string, real: string, folder: string): string {
    if (real === realRoot || isInside(realRoot, real)) return real;
    throw new UnsafeArtifactPathError({
      field: 'filename',
      value: folder.slice(this.root.length + 1),
      reason: `a symbolic link makes it resolve outside the root (to ${JSON.stringify(real)})`,
    });
  }

  /** The versions stored in an artifact folder, ascending. */
  private versionsIn(folder: string): Observable<number[]> {
    return from(readdir(folder)).pipe(
      map((names) =>
        names
          .map((name) => VERSION_FILE.exec(name)?.[1])
          .filter((n): n is string => n !== undefined)
          .map(Number)
          .sort((a, b) => a - b),
      ),
    );
  }

  /** The decoded artifact names in a scope folder (none when it does not exist). */
  private namesIn(folder: string): Observable<string[]> {
    return this.existingFolder(folder).pipe(
      concatMap((found) => (found ? from(readdir(found)) : of([] as string[]))),
      map((names) => names.map((name) => decodeURIComponent(name))),
    );
  }

  /** The real path of the root, created when missing. */
  private realRoot(): Observable<string> {
    return defer(() => from(mkdir(this.root, { recursive: true }))).pipe(concatMap(() => from(realpath(this.root))));
  }
}

/** A name as one folder on disk: percent-encoded, at most 255 bytes. */
function encodeName(field: 'filename' | 'appName' | 'userId' | 'sessionId', name: string): string {
  const encoded = encodeURIComponent(name);
  if (Buffer.byteLength(encoded) > MAX_NAME_BYTES) {
    throw new UnsafeArtifactPathError({
      field,
      value: name,
      reason: `it is too long (${Buffer.byteLength(encoded)} bytes once encoded, at most ${MAX_NAME_BYTES})`,
    });
  }
  return encoded;
}

function isInside(root: string, path: string): boolean {
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** The real path of `path`, or of its deepest ancestor that exists. */
function deepestExistingRealPath(path: string): Observable<string> {
  return defer(() => from(realpath(path))).pipe(
    catchError((error: unknown) =>
      codeOf(error) === 'ENOENT' && dirname(path) !== path ? deepestExistingRealPath(dirname(path)) : throwError(() => error),
    ),
  );
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}
