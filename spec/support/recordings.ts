import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** Where the shared conformance recordings live (../shared beside the repository). */
export const CONFORMANCE_DIR = join(process.cwd(), '..', 'shared', 'conformance');

/** Parses a YAML file of the conformance suite. */
export function readYaml<T = Record<string, unknown>>(...path: string[]): T {
  return parse(readFileSync(join(CONFORMANCE_DIR, ...path), 'utf8')) as T;
}

const PAYLOAD_KEYS = new Set(['args', 'response', 'state_delta', 'partial_args']);

/** snake_case → camelCase keys, recursively, leaving function payloads (args, response) as recorded. */
export function camelize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelize);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [
      key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
      PAYLOAD_KEYS.has(key) ? v : key === 'properties' ? camelizeValues(v) : camelize(v),
    ]),
  );
}

/** Schema `properties`: the property names are data, their schemas are not. */
function camelizeValues(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, camelize(v)]));
}
