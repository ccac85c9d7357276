import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Where the TypeScript-app suites build the CLI (apart from rxadk-run.spec.ts, which may run at the same time). */
export const SANDBOX_BUILD_DIR = resolve('test-output/cli-build-apps');
/** `node <SANDBOX_CLI_MAIN> ...` runs the CLI the sandbox's `rxadk` package is. */
export const SANDBOX_CLI_MAIN = join(SANDBOX_BUILD_DIR, 'lib/cli/main.js');

/**
 * A temp folder set up as a user's project: `node_modules/rxadk` is the CLI build of this
 * repository ({@link SANDBOX_BUILD_DIR}, given a package.json with the `rxadk` exports) and
 * `node_modules/rxjs` is this repository's rxjs — so an app's `import … from 'rxadk'` loads the
 * very modules the CLI runs on, as in an installed project.
 *
 * @example
 * ```ts
 * await buildCli(SANDBOX_BUILD_DIR);
 * const sandbox = AppSandbox.create();
 * sandbox.write('agents/hello/agent.ts', "export { rootAgent } from './hello.js';");
 * sandbox.remove();
 * ```
 */
export class AppSandbox {
  private constructor(readonly dir: string) {}

  /** A new sandbox; call after `buildCli(SANDBOX_BUILD_DIR)`. */
  static create(): AppSandbox {
    const dir = mkdtempSync(join(tmpdir(), 'rxadk-app-'));
    writeFileSync(
      join(SANDBOX_BUILD_DIR, 'package.json'),
      JSON.stringify({
        name: 'rxadk',
        type: 'module',
        exports: { '.': './lib/index.js', './testing': './lib/testing/index.js', './server': './lib/server/index.js' },
      }),
    );
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(SANDBOX_BUILD_DIR, join(dir, 'node_modules', 'rxadk'), 'dir');
    symlinkSync(resolve('node_modules/rxjs'), join(dir, 'node_modules', 'rxjs'), 'dir');
    return new AppSandbox(dir);
  }

  /** The absolute path of `path` in the sandbox. */
  path(path: string): string {
    return join(this.dir, path);
  }

  /** Writes `text` to `path` (folders created). */
  write(path: string, text: string): void {
    mkdirSync(join(this.dir, path, '..'), { recursive: true });
    writeFileSync(join(this.dir, path), text);
  }

  /** Deletes the sandbox. */
  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
