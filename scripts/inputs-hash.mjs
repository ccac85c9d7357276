// The key of a cached build output: a SHA-256 of the files it was built from.
// Used by scripts/build-angular-example.mjs; spec/scripts/inputs-hash.spec.ts tests it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `path` (or `path` itself), relative to the working directory, sorted. */
function filesOf(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .map((file) => join(path, file))
    .filter((file) => statSync(file).isFile());
}

/**
 * A SHA-256 of the names and contents of every file under `paths` (files or folders, relative to
 * the working directory): the key of a cached build output. A file added, removed, renamed or
 * changed gives another hash; modification times do not count.
 *
 * @example
 * const key = inputsHash(['lib', 'package.json']);
 */
export function inputsHash(paths) {
  const hash = createHash('sha256');
  for (const file of paths.flatMap(filesOf).sort()) {
    hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}
