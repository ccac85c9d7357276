import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defer, from, map, type Observable, of, switchMap } from 'rxjs';
import { AgentConfigError } from '../utils/errors.js';
import { cachedBundle, keepBundle } from './cached-bundle.js';

/** What an app's agent module exports. */
export interface AgentModule {
  /** An `App` (preferred over `rootAgent` when both are exported). */
  app?: unknown;
  rootAgent?: unknown;
  root_agent?: unknown;
  default?: unknown;
  plugins?: unknown;
}

/** The part of esbuild's API used here (esbuild is loaded only when a TypeScript app is). */
interface EsbuildApi {
  build(options: Record<string, unknown>): Promise<{ outputFiles?: { text: string }[]; metafile?: { inputs: Record<string, unknown> } }>;
}

/**
 * Imports an app's entry module. JavaScript (`.js`, `.mjs`) is imported as it is; TypeScript
 * (`.ts`, `.mts`) is bundled with esbuild first — the app's own files inlined, packages
 * (`rxadk`, `rxjs`, …) left as imports — into `<app>/node_modules/.cache/rxadk/`, so bare
 * imports resolve from the app's folder as they would for a built app, with ESM semantics and
 * function and class names kept (a workflow names its nodes after their functions). The bundle is
 * kept, keyed by the contents of the files it was made from ({@link cachedBundle}): an unchanged
 * app is imported without loading esbuild. Errors with {@link AgentConfigError} naming the file when it does not compile.
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
  return defer(() => {
    const cached = cachedBundle(entry);
    return cached !== undefined ? of(cached) : bundle(entry);
  });
}

/** Bundles `entry` with esbuild and keeps the bundle, with the files it read, for {@link cachedBundle}. */
function bundle(entry: string): Observable<string> {
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
            metafile: true,
            sourcemap: 'inline',
            // bundling renames clashing top-level names (finalize → finalize2); a workflow names its nodes after their functions
            keepNames: true,
            logLevel: 'silent',
          })
          .catch((error: unknown) => {
            throw new AgentConfigError(`${entry} does not compile: ${firstError(error)}`);
          }),
      ),
    ),
    map((result) => keepBundle(entry, result.outputFiles?.[0]?.text ?? '', Object.keys(result.metafile?.inputs ?? {}))),
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
