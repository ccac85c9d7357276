import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Bumped when the bundle options change, so that bundles made with the old ones are made again. */
const BUNDLE_FORMAT = 1;

/** What is kept beside a bundle: the files it was made from, each with a SHA-256 of its content. */
interface BundleManifest {
  format: number;
  output: string;
  inputs: Record<string, string>;
}

/** The folder an app's bundles are kept in: `<app>/node_modules/.cache/rxadk/`. */
const cacheOf = (entry: string): string => join(dirname(entry), 'node_modules', '.cache', 'rxadk');
/** The start of every file kept for this entry (`<app>-<entry name>-`). */
const prefixOf = (entry: string): string => `${basename(dirname(entry))}-${basename(entry).replace(/\.m?ts$/, '')}-`;
const manifestOf = (entry: string): string => join(cacheOf(entry), `${prefixOf(entry)}inputs.json`);
const sha256 = (content: string | Buffer): string => createHash('sha256').update(content).digest('hex');

/** The SHA-256 of a file's content, or `undefined` when it is gone. */
function hashOf(file: string): string | undefined {
  return existsSync(file) ? sha256(readFileSync(file)) : undefined;
}

/**
 * The bundle made earlier from `entry` (a TypeScript agent module), when none of the files it was
 * made from changed since: the path of the `.mjs` file to import, or `undefined` when it must be
 * bundled again (never bundled, an input changed or is gone, or the bundle options changed).
 * Modification times do not count, only contents.
 *
 * @example
 * ```ts
 * const file = cachedBundle('/home/me/agents/hello/agent.ts') ?? bundleAgain();
 * ```
 */
export function cachedBundle(entry: string): string | undefined {
  const manifestFile = manifestOf(entry);
  if (!existsSync(manifestFile)) return undefined;
  let manifest: BundleManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BundleManifest;
  } catch {
    return undefined;
  }
  const output = join(cacheOf(entry), basename(String(manifest.output)));
  if (manifest.format !== BUNDLE_FORMAT || !existsSync(output) || typeof manifest.inputs !== 'object' || manifest.inputs === null) return undefined;
  const unchanged = Object.entries(manifest.inputs).every(([file, hash]) => hashOf(file) === hash);
  return unchanged ? output : undefined;
}

/**
 * Keeps a new bundle of `entry`: writes `code` as `<app>-<entry>-<hash>.mjs` in the app's cache
 * folder (where bare imports resolve from the app's folder), with the SHA-256 of each of `inputs`
 * (the files esbuild read, relative to the entry's folder or absolute) beside it for
 * {@link cachedBundle}, and drops the older bundles of the same entry. Answers the bundle's path.
 *
 * @example
 * ```ts
 * const file = keepBundle(entry, result.outputFiles[0].text, Object.keys(result.metafile.inputs));
 * ```
 */
export function keepBundle(entry: string, code: string, inputs: readonly string[]): string {
  const cache = cacheOf(entry);
  mkdirSync(cache, { recursive: true });
  const prefix = prefixOf(entry);
  const name = `${prefix}${sha256(`${entry}\0${code}`).slice(0, 12)}.mjs`;
  for (const old of readdirSync(cache)) if (old.startsWith(prefix) && old !== name && old.endsWith('.mjs')) rmSync(join(cache, old), { force: true });
  const file = join(cache, name);
  writeFileSync(file, code);
  const hashes: Record<string, string> = {};
  for (const input of inputs) {
    const path = resolve(dirname(entry), input);
    const hash = hashOf(path);
    if (hash !== undefined) hashes[path] = hash;
  }
  const manifest: BundleManifest = { format: BUNDLE_FORMAT, output: name, inputs: hashes };
  writeFileSync(manifestOf(entry), JSON.stringify(manifest, null, 1));
  return file;
}
