import { RxadkError } from '../utils/errors.js';

/** Which part of an artifact's address was refused. */
export type ArtifactPathField = 'filename' | 'appName' | 'userId' | 'sessionId';

/**
 * `FileArtifactService` refused a filename (or an app, user or session id) that could reach
 * outside its root folder, or that hides what it is: `..` segments, absolute paths, NUL and other
 * control characters, backslashes, look-alike slashes and dots (U+2215, U+FF0F, U+2044, ...),
 * empty names, or a path that a symbolic link sends outside the root. Nothing was read or written.
 *
 * @example
 * ```ts
 * artifacts.saveArtifact({ ...where, filename: '../../etc/passwd', artifact }).subscribe({
 *   error: (e) => e instanceof UnsafeArtifactPathError && console.log(e.field, e.reason),
 *   // 'filename', 'it has a ".." segment'
 * });
 * ```
 */
export class UnsafeArtifactPathError extends RxadkError {
  readonly field: ArtifactPathField;
  readonly value: string;
  readonly reason: string;

  constructor(fields: { field: ArtifactPathField; value: unknown; reason: string }) {
    const shown = typeof fields.value === 'string' ? JSON.stringify(fields.value) : String(fields.value);
    super(
      'UNSAFE_ARTIFACT_PATH',
      `Artifact ${fields.field} ${shown} was refused: ${fields.reason}. Artifacts stay inside the artifact root: ` +
        (fields.field === 'filename'
          ? 'use a plain name such as "report.pdf", "user:avatar.png" or "reports/q1.pdf".'
          : `use an id without path separators, control characters or "." / ".." as the ${fields.field}.`),
    );
    this.field = fields.field;
    this.value = typeof fields.value === 'string' ? fields.value : String(fields.value);
    this.reason = fields.reason;
  }
}
