import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildFailure, type Message, type Metafile } from 'esbuild';
import { type NodeOnlyImport, NodeOnlyImportError } from './node-only-import-error.js';

const BROWSER_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_DIR = dirname(BROWSER_DIR);

/** Options of {@link buildBrowserBundle}. */
export interface BrowserBundleOptions {
  /** Where `main.js` (and `index.html`) go. */
  outDir: string;
  /** The entry module. Default: `browser/main.ts`, the page that runs an agent. */
  entryPoint?: string;
  /** Copy `browser/index.html` next to the bundle (default true). */
  withPage?: boolean;
  minify?: boolean;
}

/** What was built. */
export interface BrowserBundle {
  /** The bundle's path. */
  file: string;
  bytes: number;
  /** The repository files that went in (relative paths), e.g. `lib/runner/runner.ts`. */
  sources: string[];
  /** The npm packages that went in. */
  packages: string[];
}

/**
 * Bundles the browser page (which imports rxadk's whole root entry and `ScriptedLlm`) with
 * esbuild for `platform: 'browser'`, with no Node polyfills, and fails with a
 * {@link NodeOnlyImportError} if anything Node-only is reachable: an import esbuild cannot
 * resolve for the browser (`node:fs`, `fs`, ...), a Node built-in a package's `browser` field
 * stubs out, or a `node:` import left in the output.
 *
 * @example
 * ```ts
 * const bundle = await buildBrowserBundle({ outDir: 'dist/browser' });
 * console.log(`${bundle.file}: ${bundle.bytes} bytes from ${bundle.sources.length} files`);
 * ```
 */
export async function buildBrowserBundle(options: BrowserBundleOptions): Promise<BrowserBundle> {
  const file = join(options.outDir, 'main.js');
  mkdirSync(options.outDir, { recursive: true });
  const result = await build({
    entryPoints: [options.entryPoint ?? join(BROWSER_DIR, 'main.ts')],
    outfile: file,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    sourcemap: true,
    minify: options.minify ?? false,
    metafile: true,
    logLevel: 'silent',
  }).catch((error: unknown) => {
    throw nodeOnlyFailure(error) ?? error;
  });
  const found = [...disabledBuiltins(result.metafile), ...externalBuiltins(result.metafile), ...nodeImportsIn(readFileSync(file, 'utf8'))];
  if (found.length > 0) throw new NodeOnlyImportError(found);
  if (options.withPage ?? true) copyFileSync(join(BROWSER_DIR, 'index.html'), join(options.outDir, 'index.html'));
  return describeBundle(file, result.metafile);
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);
}

/** esbuild's "Could not resolve" errors for Node built-ins, as a NodeOnlyImportError. */
function nodeOnlyFailure(error: unknown): NodeOnlyImportError | undefined {
  const messages = (error as Partial<BuildFailure>).errors ?? [];
  const found = messages.flatMap((message): NodeOnlyImport[] => {
    const specifier = /Could not resolve "([^"]+)"/.exec(message.text)?.[1];
    return specifier && isBuiltin(specifier) ? [{ module: specifier, how: 'unresolved', ...importerOf(message) }] : [];
  });
  return found.length > 0 ? new NodeOnlyImportError(found) : undefined;
}

function importerOf(message: Message): { importer?: string } {
  return message.location ? { importer: `${message.location.file}:${message.location.line}` } : {};
}

/** Built-ins a package's `browser` field replaced with an empty module: `(disabled):fs`. */
function disabledBuiltins(metafile: Metafile): NodeOnlyImport[] {
  return Object.entries(metafile.inputs).flatMap(([path, input]) =>
    input.imports
      .filter((entry) => entry.path.startsWith('(disabled):') && isBuiltin(entry.original ?? entry.path.slice('(disabled):'.length)))
      .map((entry): NodeOnlyImport => ({ module: entry.original ?? entry.path, importer: path, how: 'disabled' })),
  );
}

/** Imports esbuild left external (none are configured, so any built-in here is a failure). */
function externalBuiltins(metafile: Metafile): NodeOnlyImport[] {
  return Object.values(metafile.outputs).flatMap((output) =>
    output.imports.filter((entry) => entry.external && isBuiltin(entry.path)).map((entry): NodeOnlyImport => ({ module: entry.path, how: 'external' })),
  );
}

/**
 * A last look at the output text: no `node:` specifier may survive. (An `import('node:…')` quoted
 * in backticks is prose inside a string — the openai and Anthropic SDKs' upload error messages
 * say "set `globalThis.File` to `import('node:buffer').File`" — not an import.)
 */
function nodeImportsIn(code: string): NodeOnlyImport[] {
  const pattern = /(?:\bfrom\s*|(?<!`)\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["'](node:[\w/]+)["']/g;
  return [...code.matchAll(pattern)].map((match): NodeOnlyImport => ({ module: match[1]!, how: 'external' }));
}

function describeBundle(file: string, metafile: Metafile): BrowserBundle {
  const inputs = Object.keys(metafile.inputs);
  const packages = new Set(inputs.flatMap((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? []));
  return {
    file,
    bytes: Object.values(metafile.outputs).find((output) => output.entryPoint)?.bytes ?? 0,
    sources: inputs.filter((path) => !path.includes('node_modules')).map((path) => relative(REPO_DIR, join(process.cwd(), path))),
    packages: [...packages].sort(),
  };
}
