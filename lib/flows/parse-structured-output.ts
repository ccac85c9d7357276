import { compileSchema } from '../tools/schema.js';
import type { JsonSchema } from '../tools/to-gemini-schema.js';
import { OutputSchemaError } from '../utils/errors.js';

/**
 * Parses an agent's JSON answer (a Markdown code fence around it is tolerated) and validates it
 * against the agent's `outputSchema` (ajv, compiled once per schema; when the schema is the JSON
 * Schema `LlmAgent` made from a zod schema, zod's `safeParse`, and the value returned is zod's
 * parsed output). Throws {@link OutputSchemaError} naming the agent and the reason.
 *
 * @example
 * ```ts
 * parseStructuredOutput('reporter', { type: 'object', required: ['city'] }, '{"city":"Paris"}'); // { city: 'Paris' }
 * ```
 */
export function parseStructuredOutput(agentName: string, schema: JsonSchema, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(stripCodeFence(text));
  } catch (error) {
    throw new OutputSchemaError({ agentName, reason: `it is not JSON (${(error as Error).message})`, text });
  }
  const result = compileSchema(schema).check(value);
  if (!result.ok) throw new OutputSchemaError({ agentName, reason: result.reason, text });
  return result.value;
}

function stripCodeFence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return match ? match[1]! : text;
}
