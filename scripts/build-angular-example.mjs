// Builds the Angular example (examples/angular-chat) once per set of inputs, for its browser test
// (spec/browser/angular-chat.spec.ts). `bash scripts/setup.sh` runs it, so that `npm test` on a
// fresh clone finds the build ready; the test runs it again, and it rebuilds only when an input
// changed. `node scripts/build-angular-example.mjs` runs it by hand.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { inputsHash } from './inputs-hash.mjs';
import { RXADK_INPUTS } from './build-rxadk-dist.mjs';

const run = promisify(execFile);
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The example's folder. */
export const EXAMPLE_DIR = join(ROOT, 'examples/angular-chat');
/** What `ng build` writes: the files to serve. */
export const EXAMPLE_DIST = join(EXAMPLE_DIR, 'dist/browser');

/** What the example's `ng build` reads besides rxadk. */
const EXAMPLE_INPUTS = ['src', 'angular.json', 'tsconfig.json', 'package.json', 'package-lock.json'].map((path) => join('examples/angular-chat', path));

/** The hash of the inputs a build output was made from, written beside it once the build succeeded. */
const EXAMPLE_STAMP = join(EXAMPLE_DIR, 'dist/inputs.sha256');

/** A path of the clone, whatever the working directory. */
const fromRoot = (path) => join(ROOT, path);

const builtFrom = (stamp, hash) => existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;

/** rxadk's `dist/lib` (scripts/build-rxadk-dist.mjs), under the lock that keeps two builds apart. */
async function buildRxadkDist() {
  const build = [process.execPath, join(ROOT, 'scripts/build-rxadk-dist.mjs')];
  const [command, ...args] = existsSync('/usr/bin/flock') ? ['flock', '/tmp/rxadk-dist.lock', ...build] : build;
  await run(command, args, { cwd: ROOT, timeout: 240_000 });
}

/** The example's own dependencies (`bash scripts/setup.sh` installs them), installed when missing. */
async function installExampleDependencies() {
  if (existsSync(join(EXAMPLE_DIR, 'node_modules/@angular/build/package.json')) && existsSync(join(EXAMPLE_DIR, 'node_modules/rxadk'))) return;
  const npm = ['npm', 'install', '--no-audit', '--no-fund'];
  const [command, ...args] = existsSync('/usr/bin/flock') ? ['flock', '/tmp/rxadk-npm.lock', ...npm] : npm;
  await run(command, args, { cwd: EXAMPLE_DIR, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
}

/**
 * Makes the Angular example buildable and builds it, once per set of inputs:
 *
 * 1. if `dist/browser` was built from the current sources (a SHA-256 of rxadk's `lib/`, its
 *    package.json and build settings, and the example's sources, settings and lock), nothing is
 *    done, and the answer is `false`;
 * 2. otherwise rxadk's `dist/lib` (the package's exports, which the example's `file:../..`
 *    dependency uses) is compiled with tsc, unless it was built from the current `lib/`;
 * 3. the example's own dependencies are installed (npm, under the shared npm lock) when missing;
 * 4. `ng build` (production) writes `dist/browser`, and the hash beside it; the answer is `true`.
 *
 * @example
 * beforeAll(() => buildAngularExample(), 240_000);
 */
export async function buildAngularExample() {
  const exampleHash = inputsHash([...RXADK_INPUTS, ...EXAMPLE_INPUTS].map(fromRoot));
  if (builtFrom(EXAMPLE_STAMP, exampleHash) && existsSync(join(EXAMPLE_DIST, 'index.html'))) return false;
  await buildRxadkDist();
  await installExampleDependencies();
  await run(process.execPath, [join(EXAMPLE_DIR, 'node_modules/@angular/cli/bin/ng.js'), 'build'], {
    cwd: EXAMPLE_DIR,
    env: { ...process.env, NG_CLI_ANALYTICS: 'false', CI: 'true' },
    timeout: 240_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  writeFileSync(EXAMPLE_STAMP, exampleHash);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = Date.now();
  buildAngularExample().then(
    (built) => console.log(built ? `examples/angular-chat built in ${((Date.now() - started) / 1000).toFixed(1)} s` : 'examples/angular-chat: the build is up to date'),
    (error) => {
      console.error(`examples/angular-chat did not build: ${error.stderr ?? error.message}`);
      process.exitCode = 1;
    },
  );
}
