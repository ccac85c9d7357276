import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every `spec.yaml` under `<root>/tests`, sorted (the layout of Google ADK's conformance suite).
 *
 * @example
 * ```ts
 * findConformanceCases('../shared/conformance'); // ['…/tests/core/after_agent_callback_001/spec.yaml', ...]
 * ```
 */
export function findConformanceCases(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry === 'spec.yaml') found.push(path);
    }
  };
  walk(join(root, 'tests'));
  return found;
}
