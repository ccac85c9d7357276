import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { loadAjv } from './load-ajv.js';
import type { JsonSchema } from './to-gemini-schema.js';

let shared: Ajv | undefined;

/** The one ajv instance, made (and ajv loaded) on the first schema compiled. */
function sharedAjv(): Ajv {
  return (shared ??= new (loadAjv().Ajv)({ allErrors: true, strict: false, coerceTypes: false }));
}

/** Checks a tool's arguments; returns `undefined` when valid, else a readable reason. */
export type ArgumentValidator = (args: Record<string, unknown>) => string | undefined;

/**
 * Compiles a JSON Schema once (with ajv, loaded on the first call) into an {@link ArgumentValidator}.
 *
 * @example
 * ```ts
 * const check = compileArgumentValidator({ type: 'object', properties: { days: { type: 'integer' } }, required: ['days'] });
 * check({ days: 3 });     // undefined
 * check({ days: 'x' });   // "/days must be integer"
 * check({});              // "must have required property 'days'"
 * ```
 */
export function compileArgumentValidator(schema: JsonSchema): ArgumentValidator {
  const { $schema: _ignored, ...rest } = schema;
  const validate: ValidateFunction = sharedAjv().compile(rest);
  return (args) => (validate(args) ? undefined : describeErrors(validate.errors ?? []));
}

function describeErrors(errors: ErrorObject[]): string {
  return errors.map((e) => `${e.instancePath || '(arguments)'} ${e.message ?? 'is invalid'}${detail(e)}`.trim()).join('; ');
}

function detail(error: ErrorObject): string {
  if (error.keyword === 'enum') return `: ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'additionalProperties') return `: "${(error.params as { additionalProperty: string }).additionalProperty}"`;
  return '';
}
