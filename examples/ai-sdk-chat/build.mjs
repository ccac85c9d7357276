// Bundles the page with esbuild: examples/ai-sdk-chat/dist/{index.html,app.js} (the file names the dev server's `ui` folder serves).
// Usage: node examples/ai-sdk-chat/build.mjs [outDir]
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the page into `outDir` (default `dist/` beside this file) and returns that folder. */
export async function buildAiSdkChat(outDir = join(here, 'dist')) {
  const out = resolve(outDir);
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(here, 'src/main.tsx')],
    outfile: join(out, 'app.js'),
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
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
  console.log(`built ${await buildAiSdkChat(process.argv[2])}`);
}
