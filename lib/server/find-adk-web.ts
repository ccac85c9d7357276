import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Where adk-web's build sits inside the `@google/adk-devtools` package. */
const BROWSER_BUILD = join('node_modules', '@google', 'adk-devtools', 'dist', 'browser');

/**
 * Finds adk-web, Google's dev UI, for `rxadk web --ui adk`: the browser build of an installed
 * `@google/adk-devtools` (`node_modules/@google/adk-devtools/dist/browser`), looked for from each
 * of `from` up to the root, like Node's own resolution. `from` may also be the build folder itself,
 * or the package's folder (an unpacked `npm pack @google/adk-devtools` tarball). `undefined` when
 * there is none.
 *
 * @example
 * ```ts
 * findAdkWeb([process.cwd()]); // '/home/me/project/node_modules/@google/adk-devtools/dist/browser'
 * ```
 */
export function findAdkWeb(from: readonly string[]): string | undefined {
  for (const start of from) {
    const direct = [resolve(start), resolve(start, 'dist', 'browser')].find(isBuild);
    if (direct) return direct;
    for (let folder = resolve(start); ; folder = dirname(folder)) {
      if (isBuild(join(folder, BROWSER_BUILD))) return join(folder, BROWSER_BUILD);
      if (dirname(folder) === folder) break;
    }
  }
  return undefined;
}

function isBuild(folder: string): boolean {
  return existsSync(join(folder, 'index.html')) && existsSync(join(folder, 'assets', 'config', 'runtime-config.json'));
}
