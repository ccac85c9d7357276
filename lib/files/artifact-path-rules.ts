import { type ArtifactPathField, UnsafeArtifactPathError } from './unsafe-artifact-path-error.js';

/** Characters that are, or look like, path separators or dots in some decoding or font. */
const LOOK_ALIKES: ReadonlyArray<[string, string]> = [
  ['\u2215', 'DIVISION SLASH'],
  ['\u2044', 'FRACTION SLASH'],
  ['\uFF0F', 'FULLWIDTH SOLIDUS'],
  ['\u29F8', 'BIG SOLIDUS'],
  ['\u2571', 'BOX DRAWINGS LIGHT DIAGONAL'],
  ['\u29F5', 'REVERSE SOLIDUS OPERATOR'],
  ['\u29F9', 'BIG REVERSE SOLIDUS'],
  ['\u2216', 'SET MINUS'],
  ['\uFE68', 'SMALL REVERSE SOLIDUS'],
  ['\uFF3C', 'FULLWIDTH REVERSE SOLIDUS'],
  ['\u2572', 'BOX DRAWINGS LIGHT DIAGONAL'],
  ['\uFF0E', 'FULLWIDTH FULL STOP'],
  ['\u2024', 'ONE DOT LEADER'],
  ['\u2025', 'TWO DOT LEADER'],
  ['\uFE52', 'SMALL FULL STOP'],
  ['\u3002', 'IDEOGRAPHIC FULL STOP'],
];

/** Invisible characters that reorder or hide what a name shows (bidirectional controls, BOM). */
const HIDDEN = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * Why `value` cannot be one name inside the artifact root (`undefined` when it can). With
 * `nested`, `/` separates folders (`reports/q1.pdf`), each segment checked on its own.
 */
function problemWith(value: unknown, nested: boolean): string | undefined {
  if (typeof value !== 'string') return 'it is not a string';
  if (value.length === 0) return 'it is empty';
  if (value.includes('\u0000')) return 'it contains a NUL byte';
  if (CONTROL.test(value)) return 'it contains a control character';
  if (value.includes('\\')) return 'it contains a backslash';
  for (const [char, name] of LOOK_ALIKES) {
    if (value.includes(char)) return `it contains U+${char.codePointAt(0)!.toString(16).toUpperCase()} ${name}`;
  }
  if (HIDDEN.test(value)) return 'it contains an invisible bidirectional or formatting character';
  if (/^[A-Za-z]:/.test(value) && value.length > 2 && value[2] === '/') return 'it is an absolute (drive) path';
  if (value.startsWith('/')) return 'it is an absolute path';
  if (!nested && value.includes('/')) return 'it contains a "/"';
  for (const segment of value.split('/')) {
    if (segment === '..') return 'it has a ".." segment';
    if (segment === '.') return 'it has a "." segment';
    if (segment === '') return 'it has an empty path segment';
  }
  return undefined;
}

/** `problemWith` of the value and of the forms it may be turned into (NFKC, percent-decoding). */
function problemInAnyForm(value: unknown, nested: boolean): string | undefined {
  const direct = problemWith(value, nested);
  if (direct || typeof value !== 'string') return direct;
  const normalized = value.normalize('NFKC');
  if (normalized !== value) {
    const problem = problemWith(normalized, nested);
    if (problem) return `its Unicode normal form (NFKC) ${JSON.stringify(normalized)} is unsafe: ${problem}`;
  }
  if (value.includes('%')) {
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      decoded = undefined;
    }
    if (decoded !== undefined && decoded !== value) {
      const problem = problemWith(decoded, nested);
      if (problem) return `once percent-decoded (${JSON.stringify(decoded)}) it is unsafe: ${problem}`;
    }
  }
  return undefined;
}

/**
 * Throws {@link UnsafeArtifactPathError} unless `filename` is a safe artifact name: non-empty,
 * relative, `/`-separated segments that are neither empty, `.` nor `..`, with no NUL, control or
 * invisible characters, no backslash and no look-alike slash or dot, in its own form, its NFKC
 * form and its percent-decoded form. A `user:` prefix is allowed (user-scoped artifacts).
 *
 * @example
 * ```ts
 * assertSafeArtifactFilename('reports/q1.pdf');   // fine
 * assertSafeArtifactFilename('../secrets.txt');   // throws UnsafeArtifactPathError
 * ```
 */
export function assertSafeArtifactFilename(filename: unknown): asserts filename is string {
  const bare = typeof filename === 'string' && filename.startsWith('user:') ? filename.slice('user:'.length) : filename;
  const problem = problemInAnyForm(bare, true);
  if (problem) throw new UnsafeArtifactPathError({ field: 'filename', value: filename, reason: problem });
}

/**
 * Throws {@link UnsafeArtifactPathError} unless `value` can be one folder name (an app, user or
 * session id): the filename rules, and no `/` at all.
 *
 * @example
 * ```ts
 * assertSafeArtifactSegment('userId', 'alice@example.com'); // fine
 * assertSafeArtifactSegment('userId', '..');                 // throws
 * ```
 */
export function assertSafeArtifactSegment(field: ArtifactPathField, value: unknown): asserts value is string {
  const problem = problemInAnyForm(value, false);
  if (problem) throw new UnsafeArtifactPathError({ field, value, reason: problem });
}
