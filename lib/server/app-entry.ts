import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files that make a folder an agent app, in the order they are looked for: TypeScript
 * (`agent.ts`, `agent.mts`, transpiled at load time), JavaScript, then Google ADK's
 * `root_agent.yaml`.
 *
 * @example
 * ```ts
 * APP_ENTRY_FILES.includes('agent.ts'); // true
 * ```
 */
export const APP_ENTRY_FILES: readonly string[] = [
  'agent.ts',
  'agent.mts',
  'agent.js',
  'agent.mjs',
  'index.ts',
  'index.mts',
  'index.js',
  'index.mjs',
  'root_agent.yaml',
];

/**
 * The entry file of the app in `folder` (the first of {@link APP_ENTRY_FILES} present), or
 * `undefined` when the folder is not an app.
 *
 * @example
 * ```ts
 * findAppEntry('agents/hello'); // '/home/me/agents/hello/agent.ts'
 * ```
 */
export function findAppEntry(folder: string): string | undefined {
  for (const file of APP_ENTRY_FILES) {
    const path = join(folder, file);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/**
 * The language of an app's entry file, as `/list-apps?detailed=true` reports it.
 *
 * @example
 * ```ts
 * entryLanguage('agents/hello/agent.ts'); // 'typescript'
 * ```
 */
export function entryLanguage(entry: string): 'typescript' | 'javascript' | 'yaml' {
  if (entry.endsWith('.yaml')) return 'yaml';
  return /\.m?ts$/.test(entry) ? 'typescript' : 'javascript';
}
