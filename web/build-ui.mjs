// Builds the dev UI of `rxadk web`: bundles web/src/main.ts (TypeScript + RxJS) for the browser
// with esbuild and copies index.html and styles.css beside it.
//
//   node web/build-ui.mjs [outDir]     (default: dist/lib/server/ui, where the server looks)
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? join(here, '..', 'dist', 'lib', 'server', 'ui'));

mkdirSync(outDir, { recursive: true });
await build({
  entryPoints: [join(here, 'src', 'main.ts')],
  outfile: join(outDir, 'app.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  sourcemap: true,
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const file of ['index.html', 'styles.css']) copyFileSync(join(here, file), join(outDir, file));
console.log(`dev UI built in ${outDir}`);
