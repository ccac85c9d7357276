/**
 * `npm run build:browser`: bundles the browser page and rxadk's root entry for the browser into
 * dist/browser (see build-browser-bundle.ts); exits 1, naming the culprits, when anything
 * Node-only is reachable. Open dist/browser/index.html through any static server to see it.
 */
import { buildBrowserBundle } from './build-browser-bundle.js';
import { NodeOnlyImportError } from './node-only-import-error.js';

const outDir = process.argv[2] ?? 'dist/browser';

buildBrowserBundle({ outDir }).then(
  (bundle) => {
    console.log(`${bundle.file}: ${(bundle.bytes / 1024).toFixed(0)} KiB, ${bundle.sources.length} source files, packages: ${bundle.packages.join(', ')}`);
    console.log('No Node-only import is reachable from the root entry.');
  },
  (error: unknown) => {
    console.error(error instanceof NodeOnlyImportError ? error.message : error);
    process.exitCode = 1;
  },
);
