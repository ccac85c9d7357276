import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defer, from, map, type Observable, switchMap } from 'rxjs';
import { AgentConfigError } from '../utils/errors.js';

/** What an app's agent module exports. */
export interface AgentModule {
  rootAgent?: unknown;
  root_agent?: unknown;
  default?: unknown;
  plugins?: unknown;
}

/** The part of esbuild's API used here (esbuild is loaded only when a TypeScript app is). */
interface EsbuildApi {
  build(options: Record<string, unknown>): Promise<{ outputFiles?: { text: string }[] }>;
}

/**
 * Imports an app's entry module. JavaScript (`.js`, `.mjs`) is imported as it is; TypeScript
 * (`.ts`, `.mts`) is bundled with esbuild first — the app's own files inlined, packages
 * (`rxadk`, `rxjs`, …) left as imports — into `<app>/node_modules/.cache/rxadk/`, so bare
 * imports resolve from the app's folder as they would for a built app, with ESM semantics kept.
 * Errors with {@link AgentConfigError} naming the file when it does not compile.
 *
 * @example
 * ```ts
 * importAgentModule('/home/me/agents/hello/agent.ts').subscribe((module) => module.rootAgent);
 * ```
 */
export function importAgentModule(entry: string): Observable<AgentModule> {
  return defer(() => (/\.m?ts$/.test(entry) ? transpile(entry) : from([entry]))).pipe(
    switchMap((file) => from(import(pathToFileURL(file).href) as Promise<AgentModule>)),
  );
}

function transpile(entry: string): Observable<string> {
  return from(loadEsbuild()).pipe(
    switchMap((esbuild) =>
      from(
        esbuild
          .build({
            entryPoints: [entry],
            bundle: true,
            platform: 'node',
            format: 'esm',
            target: 'node20',
            packages: 'external',
            absWorkingDir: dirname(entry),
            write: false,
            sourcemap: 'inline',
            logLevel: 'silent',
          })
          .catch((error: unknown) => {
            throw new AgentConfigError(`${entry} does not compile: ${firstError(error)}`);
          }),
      ),
    ),
    map((result) => {
      const code = result.outputFiles?.[0]?.text ?? '';
      const folder = dirname(entry);
      const cache = join(folder, 'node_modules', '.cache', 'rxadk');
      mkdirSync(cache, { recursive: true });
      const hash = createHash('sha256').update(entry).update(code).digest('hex').slice(0, 12);
      const prefix = `${basename(folder)}-${basename(entry).replace(/\.m?ts$/, '')}-`;
      const name = `${prefix}${hash}.mjs`;
      // earlier builds of this entry are stale: drop them
      for (const old of readdirSync(cache)) if (old.startsWith(prefix) && old !== name) rmSync(join(cache, old), { force: true });
      const file = join(cache, name);
      writeFileSync(file, code);
      return file;
    }),
  );
}

/** esbuild, or an {@link AgentConfigError} saying how to install it. */
async function loadEsbuild(): Promise<EsbuildApi> {
  try {
    const module = (await import('esbuild')) as EsbuildApi & { default?: EsbuildApi };
    return typeof module.build === 'function' ? module : module.default!;
  } catch {
    throw new AgentConfigError('Loading a TypeScript agent needs esbuild: run `npm install esbuild` (or build the app to agent.js).');
  }
}

/** esbuild's first error as `file:line:column: text`, or the error's message. */
function firstError(error: unknown): string {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors;
  const first = errors?.[0];
  if (!first) return error instanceof Error ? error.message : String(error);
  const where = first.location ? `${first.location.file}:${first.location.line}:${first.location.column}: ` : '';
  return `${where}${first.text}`;
}
