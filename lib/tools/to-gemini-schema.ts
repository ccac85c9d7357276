import type { Schema } from '@google/genai';

/** A JSON Schema object (the subset tools use to describe their parameters). */
export type JsonSchema = Record<string, unknown>;

const TYPE_NAMES: Record<string, string> = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
  null: 'NULL',
};

/**
 * Converts a JSON Schema into the Gemini API's `Schema` (upper-case types, `nullable`, integer
 * limits as strings), dropping what the API does not accept (`$schema`, `additionalProperties`,
 * `$ref`, ...).
 *
 * @example
 * ```ts
 * toGeminiSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
 * // { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] }
 * ```
 */
export function toGeminiSchema(schema: JsonSchema): Schema {
  const out: Record<string, unknown> = {};
  const nullable = applyType(schema['type'], out);
  if (nullable) out['nullable'] = true;
  copy(schema, out, ['description', 'format', 'title', 'pattern', 'default', 'example', 'minimum', 'maximum']);
  copyAsString(schema, out, ['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties']);
  if (Array.isArray(schema['enum'])) out['enum'] = (schema['enum'] as unknown[]).map(String);
  if (schema['const'] !== undefined) out['enum'] = [String(schema['const'])];
  if (schema['nullable'] === true) out['nullable'] = true;
  const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
  if (properties) {
    out['properties'] = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, toGeminiSchema(v)]));
  }
  if (Array.isArray(schema['required']) && (schema['required'] as unknown[]).length) out['required'] = schema['required'];
  if (schema['items'] && typeof schema['items'] === 'object') out['items'] = toGeminiSchema(schema['items'] as JsonSchema);
  const variants = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) applyVariants(variants, out);
  return out as Schema;
}

function applyType(type: unknown, out: Record<string, unknown>): boolean {
  if (typeof type === 'string') {
    out['type'] = TYPE_NAMES[type] ?? type.toUpperCase();
    return false;
  }
  if (Array.isArray(type)) {
    const others = type.filter((t) => t !== 'null');
    if (others.length === 1) out['type'] = TYPE_NAMES[others[0] as string] ?? String(others[0]).toUpperCase();
    else if (others.length > 1) out['anyOf'] = others.map((t) => ({ type: TYPE_NAMES[t as string] ?? String(t).toUpperCase() }));
    return others.length < type.length;
  }
  return false;
}

function applyVariants(variants: JsonSchema[], out: Record<string, unknown>): void {
  const nonNull = variants.filter((v) => v['type'] !== 'null');
  if (nonNull.length < variants.length) out['nullable'] = true;
  if (nonNull.length === 1) Object.assign(out, toGeminiSchema(nonNull[0]!), out['nullable'] ? { nullable: true } : {});
  else out['anyOf'] = nonNull.map(toGeminiSchema);
}

function copy(from: JsonSchema, to: Record<string, unknown>, keys: string[]): void {
  for (const key of keys) if (from[key] !== undefined) to[key] = from[key];
}

function copyAsString(from: JsonSchema, to: Record<string, unknown>, keys: string[]): void {
  for (const key of keys) if (from[key] !== undefined) to[key] = String(from[key]);
}
