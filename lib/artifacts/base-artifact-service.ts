import type { Part } from '@google/genai';
import type { Observable } from 'rxjs';

/** Where an artifact lives: a session, or (for `user:` filenames) every session of the user. */
export interface ArtifactLocation {
  appName: string;
  userId: string;
  sessionId: string;
}

/** Arguments naming one artifact. */
export interface ArtifactRef extends ArtifactLocation {
  filename: string;
}

/**
 * Stores versioned binary or text artifacts (a `Part`). Versions count from 0. A filename that
 * starts with `user:` is shared by every session of the user. All methods are cold Observables.
 *
 * @example
 * ```ts
 * artifacts.saveArtifact({ appName, userId, sessionId, filename: 'report.txt', artifact: { text: 'hi' } })
 *   .subscribe((version) => console.log(version)); // 0
 * ```
 */
export abstract class BaseArtifactService {
  /** Saves a new version; emits its number. */
  abstract saveArtifact(request: ArtifactRef & { artifact: Part }): Observable<number>;
  /** Emits the given version (latest when omitted), or `undefined` when there is none. */
  abstract loadArtifact(request: ArtifactRef & { version?: number }): Observable<Part | undefined>;
  /** Emits the sorted filenames visible from the session (its own and the user's). */
  abstract listArtifactKeys(request: ArtifactLocation): Observable<string[]>;
  /** Deletes every version. */
  abstract deleteArtifact(request: ArtifactRef): Observable<void>;
  /** Emits the versions that exist, ascending. */
  abstract listVersions(request: ArtifactRef): Observable<number[]>;
}

/**
 * True for filenames scoped to the user rather than the session.
 *
 * @example
 * ```ts
 * isUserScopedFilename('user:avatar.png'); // true
 * isUserScopedFilename('report.pdf');      // false
 * ```
 */
export function isUserScopedFilename(filename: string): boolean {
  return filename.startsWith('user:');
}
