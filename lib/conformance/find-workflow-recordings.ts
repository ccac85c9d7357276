import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every workflow recording under `root`, sorted: `<root>/<sample>/tests/*.json` (the layout of
 * ADK Python's `contributing/samples/workflows`).
 *
 * @example
 * ```ts
 * findWorkflowRecordings('../shared/workflow-recordings'); // ['…/fan_out_fan_in/tests/go.json', ...]
 * ```
 */
export function findWorkflowRecordings(root: string): string[] {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  for (const sample of readdirSync(root).sort()) {
    const tests = join(root, sample, 'tests');
    if (!existsSync(tests) || !statSync(tests).isDirectory()) continue;
    for (const file of readdirSync(tests).sort()) if (file.endsWith('.json')) found.push(join(tests, file));
  }
  return found;
}
