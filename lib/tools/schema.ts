import type { JsonSchema } from './to-gemini-schema.js';
import { compileArgumentValidator } from './validate-arguments.js';

// ---------------------------------------------------------------------------------------------
// Types. Nothing here imports zod: a zod v4 schema is recognised by its shape (`_zod.output`), so
// rxadk's public types never require zod's types (zod is an optional peer).

/**
 * A zod v4 schema, by shape (classic `zod` 4.2+ is fully supported; `zod/mini` matches but has no `toJSONSchema`): what {@link InferSchema}
 * reads the output type from, and what rxadk validates with the schema's own `safeParse`.
 */
export interface ZodSchemaLike<Output = unknown> {
  readonly _zod: { readonly output: Output };
}

/**
 * A JSON Schema that carries the type of the values it describes (see {@link jsonSchema}). The
 * `~type` property exists only in the type system.
 */
export type TypedJsonSchema<T = unknown> = JsonSchema & { readonly '~type'?: T };

/** A schema that can describe itself as JSON Schema (e.g. a zod v4 schema). */
export interface JsonSchemaSource {
  toJSONSchema(): JsonSchema;
}

/** `T`, but not a zod schema (a zod schema also has a `toJSONSchema()` method; its type must come from `_zod`). */
export type NotZod<T> = T & { readonly _zod?: never };

/** Anything rxadk accepts where it needs a schema: JSON Schema, or a zod v4 schema. */
export type SchemaInput<T = unknown> = JsonSchema | TypedJsonSchema<T> | ZodSchemaLike<T> | JsonSchemaSource;

/**
 * The TypeScript type a JSON Schema literal (`as const`) describes: `type` (`string`, `number`,
 * `integer`, `boolean`, `null`, `array` with `items`, `object` with `properties` and
 * `required`, or a list of these), `enum`, `const`, `anyOf`/`oneOf`. Anything else is `unknown`.
 *
 * @example
 * ```ts
 * const schema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } as const;
 * type Args = FromSchema<typeof schema>; // { city: string; days?: number }
 * ```
 */
export type FromSchema<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly const: infer C }
    ? C
    : S extends { readonly anyOf: readonly (infer U)[] }
      ? FromSchema<U>
      : S extends { readonly oneOf: readonly (infer U)[] }
        ? FromSchema<U>
        : S extends { readonly type: readonly (infer T)[] }
          ? FromType<T, S>
          : S extends { readonly type: infer T }
            ? FromType<T, S>
            : unknown;

type FromType<T, S> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { readonly items: infer I }
            ? Array<FromSchema<I>>
            : unknown[]
          : T extends 'object'
            ? FromObject<S>
            : unknown;

type RequiredKeys<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;

type FromObject<S> = S extends { readonly properties: infer P }
  ? Simplify<
      { -readonly [K in keyof P as K extends RequiredKeys<S> ? K : never]: FromSchema<P[K]> } & {
        -readonly [K in keyof P as K extends RequiredKeys<S> ? never : K]?: FromSchema<P[K]>;
      }
    >
  : Record<string, unknown>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The type of the values a schema describes: a zod schema's output type, a {@link jsonSchema}'s
 * type, else `Fallback`.
 *
 * @example
 * ```ts
 * type Weather = InferSchema<typeof WeatherSchema>; // z.infer<typeof WeatherSchema>
 * ```
 */
export type InferSchema<S, Fallback = unknown> = S extends ZodSchemaLike<infer O>
  ? O
  : S extends { readonly '~type'?: infer T }
    ? unknown extends T
      ? Fallback
      : T
    : Fallback;

/**
 * A JSON Schema literal that carries its TypeScript type ({@link FromSchema}), so that
 * `FunctionTool` infers its arguments and `LlmAgent` its output from it. Returns `schema` itself.
 *
 * @example
 * ```ts
 * const getWeather = new FunctionTool({
 *   name: 'get_weather',
 *   description: 'Returns the weather in a city.',
 *   parameters: jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
 *   execute: ({ city }) => ({ city, sky: 'sunny' }), // city: string
 * });
 * ```
 */
export function jsonSchema<const S extends JsonSchema>(schema: S): S & TypedJsonSchema<FromSchema<S>> {
  return schema;
}

// ---------------------------------------------------------------------------------------------
// Run time.

/** The outcome of validating a value: the value to use (zod's parsed output), or why it is invalid. */
export type SchemaCheck = { ok: true; value: unknown } | { ok: false; reason: string };

/** A schema as rxadk uses it: its JSON Schema (for the model) and its validator. */
export interface CompiledSchema {
  readonly json: JsonSchema;
  /** True when {@link check} returns a parsed value (zod: defaults, transforms), not the value itself. */
  readonly parses: boolean;
  /** Validates with zod's `safeParse` for a zod schema, with ajv (compiled on first use) otherwise. */
  check(value: unknown): SchemaCheck;
}

interface ZodRuntime {
  _zod: unknown;
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: ZodIssue[] } };
  toJSONSchema?: (params?: { io?: 'input' | 'output' }) => JsonSchema;
}

interface ZodIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** The compiled form of each JSON Schema rxadk made from a zod schema, so that validation goes through zod. */
const fromZod = new WeakMap<JsonSchema, CompiledSchema>();
const fromJson = new WeakMap<JsonSchema, CompiledSchema>();

/**
 * True for a zod v4 schema (recognised by shape; zod is not imported).
 *
 * @example
 * ```ts
 * isZodSchema(z.string());         // true
 * isZodSchema({ type: 'string' }); // false
 * ```
 */
export function isZodSchema(value: unknown): value is ZodSchemaLike {
  return typeof value === 'object' && value !== null && '_zod' in value && typeof (value as { safeParse?: unknown }).safeParse === 'function';
}

/**
 * The {@link CompiledSchema} of a JSON Schema or a zod v4 schema. A zod schema becomes JSON
 * Schema through its own `toJSONSchema({io: 'input'})` (what the model must send; defaults
 * optional) and is validated with its own `safeParse`; zod is never imported. A JSON Schema rxadk
 * made from a zod schema keeps validating through zod.
 *
 * @example
 * ```ts
 * const compiled = compileSchema(z.object({ city: z.string() }));
 * compiled.json;                // { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], ... }
 * compiled.check({ city: 3 });  // { ok: false, reason: 'city: Invalid input: expected string, received number' }
 * ```
 */
export function compileSchema(schema: SchemaInput): CompiledSchema {
  if (isZodSchema(schema)) return compileZod(schema as unknown as ZodRuntime);
  if (typeof (schema as Partial<JsonSchemaSource>).toJSONSchema === 'function') return compileJson((schema as JsonSchemaSource).toJSONSchema());
  return compileJson(schema as JsonSchema);
}

/**
 * The JSON Schema of `schema` (a zod schema converted with its own `toJSONSchema`).
 *
 * @example
 * ```ts
 * toJsonSchema(z.object({ city: z.string() })); // { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], ... }
 * ```
 */
export function toJsonSchema(schema: SchemaInput): JsonSchema {
  return compileSchema(schema).json;
}

function compileJson(json: JsonSchema): CompiledSchema {
  const known = fromZod.get(json) ?? fromJson.get(json);
  if (known) return known;
  let validate: ((value: Record<string, unknown>) => string | undefined) | undefined;
  const compiled: CompiledSchema = {
    json,
    parses: false,
    check(value) {
      validate ??= compileArgumentValidator(json);
      const reason = validate(value as Record<string, unknown>);
      return reason ? { ok: false, reason } : { ok: true, value };
    },
  };
  fromJson.set(json, compiled);
  return compiled;
}

function compileZod(schema: ZodRuntime): CompiledSchema {
  if (typeof schema.toJSONSchema !== 'function') {
    throw new TypeError(
      'This zod schema cannot describe itself as JSON Schema (zod/mini schemas, and zod before 4.2, have no toJSONSchema method). ' +
        "Use a schema from 'zod' 4.2 or later, or pass its JSON Schema (z.toJSONSchema(schema)) instead.",
    );
  }
  const { $schema: _dialect, ...json } = schema.toJSONSchema({ io: 'input' });
  const compiled: CompiledSchema = {
    json,
    parses: true,
    check(value) {
      let result: ReturnType<ZodRuntime['safeParse']>;
      try {
        result = schema.safeParse(value);
      } catch (error) {
        // e.g. an async refinement ("Encountered Promise during synchronous parse"): rxadk parses synchronously
        return { ok: false, reason: `the schema could not check them (${(error as Error).message})` };
      }
      return result.success ? { ok: true, value: result.data } : { ok: false, reason: describeIssues(result.error.issues) };
    },
  };
  fromZod.set(json, compiled);
  return compiled;
}

function describeIssues(issues: readonly ZodIssue[]): string {
  return issues.map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message)).join('; ');
}
