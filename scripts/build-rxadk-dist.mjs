// Builds rxadk's dist/lib (what the package ships: package.json "files") with tsc, once per set of
// inputs: a SHA-256 of lib/, package.json and the build settings, written beside it
// (dist/lib.inputs.sha256) once the build succeeded. `bash scripts/setup.sh` builds it (through
// scripts/build-angular-example.mjs: the Angular example depends on it), so the tests on a fresh
// clone find it ready: the Angular example's build and the consumer test
// (scripts/consumer-test.sh, which packs it) use it instead of compiling lib/ again.
// `node scripts/build-rxadk-dist.mjs` runs it by hand (under `flock`, when there is one, so that two
// builds never write dist/lib at once).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { inputsHash } from './inputs-hash.mjs';

const run = promisify(execFile);
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** What rxadk's `dist/lib` is built from. */
export const RXADK_INPUTS = ['lib', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'spec/browser/support/tsconfig.rxadk-dist.json'];
/** The built package code. */
export const RXADK_DIST = join(ROOT, 'dist/lib');
/** The hash of the inputs dist/lib was built from. */
const STAMP = join(ROOT, 'dist/lib.inputs.sha256');

/** The hash of rxadk's current inputs (paths of the clone, whatever the working directory). */
export const rxadkInputsHash = () => inputsHash(RXADK_INPUTS.map((path) => join(ROOT, path)));

/**
 * Compiles lib/ into dist/lib (a clean folder) with tsc, unless it was built from the current
 * inputs; `true` when it built.
 *
 * @example
 * await buildRxadkDist(); // then pack or link dist/lib
 */
export async function buildRxadkDist() {
  const hash = rxadkInputsHash();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash && existsSync(join(RXADK_DIST, 'index.js'))) return false;
  rmSync(STAMP, { force: true });
  rmSync(RXADK_DIST, { recursive: true, force: true });
  await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'spec/browser/support/tsconfig.rxadk-dist.json'], { cwd: ROOT, timeout: 180_000 });
  writeFileSync(STAMP, hash);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = Date.now();
  buildRxadkDist().then(
    (built) => console.log(built ? `dist/lib built in ${((Date.now() - started) / 1000).toFixed(1)} s` : 'dist/lib: the build is up to date'),
    (error) => {
      console.error(`dist/lib did not build: ${error.stdout ?? ''}${error.stderr ?? error.message}`);
      process.exitCode = 1;
    },
  );
}
