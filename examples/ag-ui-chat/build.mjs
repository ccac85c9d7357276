// Bundles the page with esbuild: examples/ag-ui-chat/dist/{index.html,app.js} (the file names the dev server's `ui` folder serves).
// Usage: node examples/ai-sdk-chat/build.mjs [outDir]
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the page into `outDir` (default `dist/` beside this file) and returns that folder. */
export async function buildAgUiChat(outDir = join(here, 'dist')) {
  const out = resolve(outDir);
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(here, 'src/main.ts')],
    outfile: join(out, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  copyFileSync(join(here, 'index.html'), join(out, 'index.html'));
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`built ${await buildAgUiChat(process.argv[2])}`);
}
