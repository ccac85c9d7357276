import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inputsHash } from '../../scripts/inputs-hash.mjs';

/** What web/build-ui.mjs bundles: the UI's sources and the lib/ modules they import. */
const INPUTS = ['web', 'lib'];

/**
 * rxadk's dev UI, built by web/build-ui.mjs once per set of inputs (a SHA-256 of web/ and lib/)
 * into `test-output/dev-ui-build/<hash>`, and the folder's path: the dev UI's browser suites
 * serve one build instead of bundling the UI each. A suite in another Jest worker building at the
 * same moment builds into its own folder; the first rename wins and the other is dropped.
 *
 * @example
 * const uiDir = builtDevUi();
 * DevServer.start({ apps, port: 0, ui: uiDir });
 */
export function builtDevUi(): string {
  const target = resolve('test-output', 'dev-ui-build', inputsHash(INPUTS));
  if (existsSync(join(target, 'index.html'))) return target;
  const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
  execFileSync(process.execPath, ['web/build-ui.mjs', partial], { stdio: 'pipe', timeout: 60_000 });
  try {
    renameSync(partial, target);
  } catch (error) {
    // another worker's build got there first: the same inputs, so the same files
    if (!existsSync(join(target, 'index.html'))) throw error;
    rmSync(partial, { recursive: true, force: true });
  }
  return target;
}
