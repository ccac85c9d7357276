import { RxadkError } from './errors.js';

/**
 * An optional peer dependency that a subpath needs is not installed: a database driver
 * (`better-sqlite3` for `rxadk/sqlite`, `pg` for `rxadk/postgres`) or a model SDK (`openai` for
 * `rxadk/openai` and the `openai/…`, `ollama/…` model strings, `@anthropic-ai/sdk` for
 * `rxadk/anthropic`). The message says which package to install.
 *
 * @example
 * ```ts
 * getSessionServiceFromUri('postgresql://localhost/app').subscribe({
 *   error: (e) => {
 *     if (e instanceof MissingDriverError) console.error(`npm install ${e.packageName}`);
 *   },
 * });
 * ```
 */
export class MissingDriverError extends RxadkError {
  /** The npm package to install. */
  readonly packageName: string;
  /** What needs it, e.g. `'rxadk/sqlite'`. */
  readonly feature: string;

  constructor(fields: { packageName: string; feature: string; cause?: unknown }) {
    super(
      'MISSING_DRIVER',
      `${fields.feature} needs the "${fields.packageName}" package, which is not installed. ` +
        `Install it next to rxadk: npm install ${fields.packageName}`,
      { cause: fields.cause },
    );
    this.packageName = fields.packageName;
    this.feature = fields.feature;
  }
}
