import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/** Where {@link buildCli} puts the compiled CLI and demo apps. */
export const CLI_BUILD_DIR = resolve('test-output/cli-build');
/** `node <CLI_MAIN> run ...` runs `rxadk run`. */
export const CLI_MAIN = join(CLI_BUILD_DIR, 'lib/cli/main.js');
/** The eval fixtures (ADK's hello_world_agent, home_automation_agent, trip_planner_agent), compiled, with their eval files. */
export const EVAL_APPS_DIR = join(CLI_BUILD_DIR, 'examples/eval');
/** The demo apps (weather, hr, study_buddy), compiled. */
export const APPS_DIR = join(CLI_BUILD_DIR, 'examples/apps');

/**
 * Compiles lib/, the demo apps and the workflow samples file by file (no bundling, so the CLI still finds its
 * commands and the apps by path) into test-output/cli-build, in well under a second: tests run
 * the real CLI as a process without `npm run build`. Type-checking stays with `tsc --noEmit`.
 * Suites that run at the same time (Jest workers) pass each their own `outdir`.
 *
 * @example
 * ```ts
 * beforeAll(() => buildCli());
 * spawn(process.execPath, [CLI_MAIN, 'run', join(APPS_DIR, 'weather')]);
 * ```
 */
export async function buildCli(outdir: string = CLI_BUILD_DIR): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: ['lib/**/*.ts', 'examples/apps/**/*.ts', 'examples/shared/*.ts', 'examples/workflows/**/*.ts', 'examples/eval/**/*.ts'],
    outdir,
    outbase: '.',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    bundle: false,
    logLevel: 'silent',
  });
  // the eval fixtures' eval sets and criteria, beside their compiled apps
  cpSync('examples/eval', join(outdir, 'examples/eval'), { recursive: true, filter: (src) => !src.endsWith('.ts') && !src.includes('.adk') && !src.includes('node_modules') });
}
