import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The shared data folder: ../shared beside the repository, or RXADK_SHARED_DIR (a worktree elsewhere). */
const SHARED_DIR = process.env['RXADK_SHARED_DIR'] ?? join(process.cwd(), '..', 'shared');

/** Where the shared conformance recordings live (../shared beside the repository). */
export const CONFORMANCE_DIR = join(SHARED_DIR, 'conformance');

/** ADK Python's workflow samples and their session recordings (../shared/workflow-recordings). */
export const WORKFLOW_RECORDINGS_DIR = join(SHARED_DIR, 'workflow-recordings');

/** Parses a YAML file of the conformance suite. */
export function readYaml<T = Record<string, unknown>>(...path: string[]): T {
  return parse(readFileSync(join(CONFORMANCE_DIR, ...path), 'utf8')) as T;
}
