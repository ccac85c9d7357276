import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The example's folder. */
export const EXAMPLE_DIR = resolve('examples/angular-chat');
/** What `ng build` writes: the files to serve. */
export const EXAMPLE_DIST = join(EXAMPLE_DIR, 'dist/browser');

/** The newest modification time under `dir` of files whose name ends with `suffix`. */
function newest(dir: string, suffix: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .reduce((latest, file) => Math.max(latest, statSync(join(dir, file)).mtimeMs), 0);
}

/**
 * Makes the Angular example buildable and builds it:
 *
 * 1. rxadk's `dist/lib` (the package's exports, which the example's `file:../..` dependency
 *    uses) is rebuilt with tsc when a `lib/` source is newer than it;
 * 2. the example's own dependencies are installed (npm, under the shared npm lock) when missing;
 * 3. `ng build` (production) writes `dist/browser`.
 *
 * @example
 * ```ts
 * beforeAll(() => buildAngularExample(), 240_000);
 * ```
 */
export async function buildAngularExample(): Promise<void> {
  const distIndex = resolve('dist/lib/index.d.ts');
  if (!existsSync(distIndex) || newest(resolve('lib'), '.ts') > statSync(resolve('dist/lib/index.js')).mtimeMs) {
    await run(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', 'spec/browser/support/tsconfig.rxadk-dist.json'], { timeout: 120_000 });
  }
  if (!existsSync(join(EXAMPLE_DIR, 'node_modules/@angular/build/package.json')) || !existsSync(join(EXAMPLE_DIR, 'node_modules/rxadk'))) {
    const npm = ['npm', 'install', '--no-audit', '--no-fund'];
    const [command, ...args] = existsSync('/usr/bin/flock') ? ['flock', '/tmp/rxadk-npm.lock', ...npm] : npm;
    await run(command!, args, { cwd: EXAMPLE_DIR, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
  }
  await run(process.execPath, [join(EXAMPLE_DIR, 'node_modules/@angular/cli/bin/ng.js'), 'build'], {
    cwd: EXAMPLE_DIR,
    env: { ...process.env, NG_CLI_ANALYTICS: 'false', CI: 'true' },
    timeout: 240_000,
    maxBuffer: 16 * 1024 * 1024,
  });
}
