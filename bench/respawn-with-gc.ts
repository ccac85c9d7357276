import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Re-executes the script at `scriptUrl` (its `import.meta.url`) under `--expose-gc`, with the same
 * arguments, and returns true when it did (the parent then just waits: its exit code is the
 * child's). Returns false when `gc` is already there or this is the child.
 *
 * @example
 * ```ts
 * if (!respawnWithGc(import.meta.url)) await main();
 * ```
 */
export function respawnWithGc(scriptUrl: string): boolean {
  if ((globalThis as { gc?: unknown }).gc || process.env.RXADK_BENCH_CHILD) return false;
  const child = spawnSync(process.execPath, ['--expose-gc', ...process.execArgv, fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, RXADK_BENCH_CHILD: '1' },
  });
  process.exitCode = child.status ?? 1;
  return true;
}
