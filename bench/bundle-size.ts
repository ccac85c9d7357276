// Browser bundle sizes of two small programs built on rxadk's root entry, with esbuild
// (platform browser, ESM, minified, code splitting) and gzip:
//
//   - "core + ScriptedLlm": LlmAgent, FunctionTool and InMemoryRunner with a scripted model;
//   - "core + Gemini":      the same agent on `model: 'gemini-2.5-flash'`.
//
// For each it prints the initial load (the entry chunk and the chunks it imports statically)
// and the total (with the chunks loaded by dynamic `import()` only when needed), and whether
// `@google/genai` is in the initial load.
//
//   TS_NODE_TRANSPILE_ONLY=1 node --no-warnings --loader ts-node/esm bench/bundle-size.ts [--assume-side-effect-free]
//
// `rxadk` resolves to this repository's sources (lib/), so the figures follow package.json's
// `sideEffects` as published. `--assume-side-effect-free` treats every lib/ module as free of
// side effects whatever package.json says (to preview `"sideEffects": false`). Reports; never asserts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type Plugin } from 'esbuild';

const REPO_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const LIB_DIR = join(REPO_DIR, 'lib');

/** The programs measured: a name and the entry's source. */
export const PROGRAMS: ReadonlyArray<{ name: string; source: string }> = [
  {
    name: 'core + ScriptedLlm',
    source: `
import { FunctionTool, InMemoryRunner, LlmAgent } from 'rxadk';
import { ScriptedLlm } from 'rxadk/testing';
const tool = new FunctionTool({ name: 'get_weather', description: 'Weather.', execute: () => ({ sky: 'sunny' }) });
const model = new ScriptedLlm([{ content: { role: 'model', parts: [{ text: 'Hello!' }] } }]);
const agent = new LlmAgent({ name: 'assistant', model, tools: [tool] });
new InMemoryRunner({ agent }).runAsync({ userId: 'u', sessionId: 's', newMessage: { role: 'user', parts: [{ text: 'Hi' }] } }).subscribe(console.log);
`,
  },
  {
    name: 'core + Gemini',
    source: `
import { FunctionTool, InMemoryRunner, LlmAgent } from 'rxadk';
const tool = new FunctionTool({ name: 'get_weather', description: 'Weather.', execute: () => ({ sky: 'sunny' }) });
const agent = new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', tools: [tool] });
new InMemoryRunner({ agent }).runAsync({ userId: 'u', sessionId: 's', newMessage: { role: 'user', parts: [{ text: 'Hi' }] } }).subscribe(console.log);
`,
  },
];

/** Sizes of one program's bundle, in bytes. */
export interface BundleSize {
  name: string;
  initial: { minified: number; gzipped: number };
  total: { minified: number; gzipped: number };
  /** Whether `@google/genai` is in the initial load / anywhere in the output. */
  genaiInitial: boolean;
  genaiTotal: boolean;
}

/** `rxadk` and `rxadk/<entry>` as this repository's sources; optionally every lib/ module side-effect free. */
function rxadkSources(assumeSideEffectFree: boolean): Plugin {
  return {
    name: 'rxadk-sources',
    setup(build) {
      build.onResolve({ filter: /^rxadk(\/[\w-]+)?$/ }, (args) => ({
        path: join(LIB_DIR, args.path.slice('rxadk'.length), 'index.ts'),
        ...(assumeSideEffectFree ? { sideEffects: false } : {}),
      }));
      if (!assumeSideEffectFree) return;
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (!args.importer.startsWith(LIB_DIR) || args.pluginData === 'resolving') return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        return { path: resolved.path, sideEffects: false };
      });
    },
  };
}

/** Bundles one program and measures its initial load and its total output. */
export async function measure(program: { name: string; source: string }, options: { assumeSideEffectFree?: boolean } = {}): Promise<BundleSize> {
  const dir = mkdtempSync(join(tmpdir(), 'rxadk-bundle-size-'));
  try {
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, program.source);
    const outdir = join(dir, 'out');
    mkdirSync(outdir);
    const result = await build({
      entryPoints: [entry],
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      metafile: true,
      logLevel: 'silent',
      nodePaths: [join(REPO_DIR, 'node_modules')], // the entry is in a temporary folder
      plugins: [rxadkSources(options.assumeSideEffectFree ?? false)],
    });
    const outputs = result.metafile.outputs;
    const entryOut = Object.keys(outputs).find((path) => outputs[path]!.entryPoint)!;
    const initial = staticClosure(result.metafile, entryOut);
    const all = Object.keys(outputs).filter((path) => path.endsWith('.js'));
    const sizeOf = (paths: string[]) => {
      const code = paths.map((path) => readFileSync(join(process.cwd(), path)));
      return { minified: code.reduce((n, c) => n + c.length, 0), gzipped: code.reduce((n, c) => n + gzipSync(c, { level: 9 }).length, 0) };
    };
    const hasGenai = (paths: string[]) => paths.some((path) => Object.keys(outputs[path]!.inputs).some((input) => input.includes('node_modules/@google/genai/')));
    return { name: program.name, initial: sizeOf(initial), total: sizeOf(all), genaiInitial: hasGenai(initial), genaiTotal: hasGenai(all) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The output file and the chunks it imports statically, transitively. */
function staticClosure(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  return [...seen];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const assumeSideEffectFree = process.argv.includes('--assume-side-effect-free');
  const sideEffects = (JSON.parse(readFileSync(join(REPO_DIR, 'package.json'), 'utf8')) as { sideEffects?: unknown }).sideEffects;
  console.log(`package.json sideEffects: ${JSON.stringify(sideEffects)}${assumeSideEffectFree ? ' (overridden: every lib/ module treated as side-effect free)' : ''}`);
  console.log('program              initial (min / gzip)     total (min / gzip)       @google/genai');
  for (const program of PROGRAMS) {
    const size = await measure(program, { assumeSideEffectFree });
    const genai = size.genaiInitial ? 'in the initial load' : size.genaiTotal ? 'lazy chunk only' : 'absent';
    console.log(
      `${size.name.padEnd(20)} ${`${kb(size.initial.minified)} / ${kb(size.initial.gzipped)}`.padEnd(24)} ` +
        `${`${kb(size.total.minified)} / ${kb(size.total.gzipped)}`.padEnd(24)} ${genai}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
