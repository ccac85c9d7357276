import type { Schema } from '@google/genai';

/** A JSON Schema object. */
type JsonSchemaObject = Record<string, unknown>;

const COUNT_KEYS = ['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties'];
const COPIED_KEYS = ['description', 'format', 'title', 'pattern', 'default', 'example', 'minimum', 'maximum', 'required', 'enum'];

/**
 * A Gemini `Schema` (upper-case `type`s, `nullable`, counts as strings) as plain JSON Schema, for
 * providers that take JSON Schema (OpenAI's `parameters` and `response_format`, Anthropic's
 * `input_schema`): types in lower case, `nullable` as a `null` type, counts as numbers,
 * `properties`, `items` and `anyOf` converted recursively; a JSON Schema (lower-case types) passes
 * through the same way unchanged. `propertyOrdering` is Gemini-only and dropped.
 *
 * @example
 * ```ts
 * jsonSchemaFromGemini({ type: 'OBJECT', properties: { city: { type: 'STRING', nullable: true } }, required: ['city'] });
 * // { type: 'object', properties: { city: { type: ['string', 'null'] } }, required: ['city'] }
 * ```
 */
export function jsonSchemaFromGemini(schema: Schema | JsonSchemaObject): JsonSchemaObject {
  const source = schema as JsonSchemaObject;
  const out: JsonSchemaObject = {};
  const type = typeof source['type'] === 'string' ? (source['type'] as string).toLowerCase() : source['type'];
  if (type !== undefined && type !== 'type_unspecified') out['type'] = source['nullable'] === true && typeof type === 'string' ? [type, 'null'] : type;
  for (const key of COPIED_KEYS) if (source[key] !== undefined) out[key] = source[key];
  for (const key of COUNT_KEYS) if (source[key] !== undefined) out[key] = Number(source[key]);
  const properties = source['properties'] as Record<string, JsonSchemaObject> | undefined;
  if (properties && typeof properties === 'object') {
    out['properties'] = Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, jsonSchemaFromGemini(value)]));
  }
  if (source['items'] && typeof source['items'] === 'object') out['items'] = jsonSchemaFromGemini(source['items'] as JsonSchemaObject);
  if (Array.isArray(source['anyOf'])) out['anyOf'] = (source['anyOf'] as JsonSchemaObject[]).map(jsonSchemaFromGemini);
  if (source['additionalProperties'] !== undefined) out['additionalProperties'] = source['additionalProperties'];
  return out;
}
