import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** Where the shared conformance recordings live (../shared beside the repository). */
export const CONFORMANCE_DIR = join(process.cwd(), '..', 'shared', 'conformance');

/** Parses a YAML file of the conformance suite. */
export function readYaml<T = Record<string, unknown>>(...path: string[]): T {
  return parse(readFileSync(join(CONFORMANCE_DIR, ...path), 'utf8')) as T;
}
