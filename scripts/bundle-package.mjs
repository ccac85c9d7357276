// Bundles what Node loads of the package: every entry point of package.json "exports" and the CLI
// (dist/lib/cli/main.js and its commands) into dist/bundle, as ES modules with shared chunks, from
// the files tsc wrote to dist/lib. `import('rxadk')` then reads a few dozen files instead of about
// 250 (on Node 20 each costs its resolve, read and link: docs/performance.md, issue 30). All the
// entries are bundled in one build, so a class is defined once whichever entries a program
// imports (an app's `rxadk` and `rxadk/testing`, and the CLI that serves it). The "node" condition
// of each export points here; "types" and "default" (bundlers, browsers) stay on dist/lib.
// Packages stay imports (`packages: 'external'`): rxjs, the SDKs and the optional peers load as
// before, and dynamic imports stay dynamic (their modules become chunks of their own).
// `require` is undefined, as it is in an ES module on Node; `import.meta.url` in a module that lands in a chunk is made to name the module's dist/lib file,
// so that what it locates (the dev UI's folder, createRequire's starting point) is where it was.
//
//   node scripts/bundle-package.mjs [distDir]     (default: dist; reads distDir/lib, writes distDir/bundle)
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DIST = resolve(process.argv[2] ?? join(ROOT, 'dist'));
const LIB = join(DIST, 'lib');
const OUT = join(DIST, 'bundle');
/** What a rewritten `import.meta.url` holds until the output file it landed in is known. */
const MARK = '__rxadk_module_url__:';

/** The dist/lib files the package's "exports" name, checked against their "node" twins in dist/bundle. */
function exportedEntries() {
  const { exports } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const entries = [];
  for (const [name, target] of Object.entries(exports)) {
    if (typeof target === 'string') continue; // ./package.json
    const lib = target.default.replace(/^\.\/dist\/lib\//, '');
    if (target.node !== `./dist/bundle/${lib}`) throw new Error(`package.json exports["${name}"].node must be ./dist/bundle/${lib}`);
    entries.push(join(LIB, lib));
  }
  return entries;
}

/** The CLI: its main file and every command it may import by name at run time. */
function cliEntries() {
  const commands = join(LIB, 'cli/commands');
  return [join(LIB, 'cli/main.js'), ...readdirSync(commands).filter((f) => f.endsWith('.js')).map((f) => join(commands, f))];
}

/** Makes `import.meta.url` of each non-entry module a marked placeholder naming its dist/lib file. */
function moduleUrlsPlugin(entries) {
  return {
    name: 'module-urls',
    setup(builder) {
      builder.onLoad({ filter: /\.js$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (entries.has(args.path) || !text.includes('import.meta.url')) return undefined;
        const url = `new URL(${JSON.stringify(MARK + relative(DIST, args.path))}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', url), loader: 'js' };
      });
    },
  };
}

/** Replaces each placeholder with the path from its output file to the module's dist/lib file. */
function resolveModuleUrls(outputs) {
  const marked = new RegExp(`"${MARK}([^"]+)"`, 'g');
  for (const file of outputs) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(MARK)) continue;
    const fixed = text.replace(marked, (_, path) => JSON.stringify(relative(dirname(file), join(DIST, path)).split('\\').join('/')));
    writeFileSync(file, fixed);
  }
}

const entries = [...exportedEntries(), ...cliEntries()];
rmSync(OUT, { recursive: true, force: true });
const result = await build({
  entryPoints: entries,
  outbase: LIB,
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: ['node20'],
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  // an ES module has no `require` on Node: code that checks for one (lib/tools/load-ajv.ts) must
  // see none in the bundle either, rather than esbuild's stand-in that throws when called
  define: { require: 'undefined' },
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [moduleUrlsPlugin(new Set(entries))],
});
const outputs = Object.keys(result.metafile.outputs).map((file) => resolve(file));
resolveModuleUrls(outputs);
console.log(`bundled ${entries.length} entry points into ${relative(ROOT, OUT) || OUT}: ${outputs.length} files`);
