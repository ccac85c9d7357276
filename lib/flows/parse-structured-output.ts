import type { JsonSchema } from '../tools/to-gemini-schema.js';
import { compileArgumentValidator } from '../tools/validate-arguments.js';
import { OutputSchemaError } from '../utils/errors.js';

const validators = new WeakMap<JsonSchema, (value: Record<string, unknown>) => string | undefined>();

/**
 * Parses an agent's JSON answer (a Markdown code fence around it is tolerated) and validates it
 * against the agent's `outputSchema` (ajv, compiled once per schema). Throws
 * {@link OutputSchemaError} naming the agent and the reason.
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
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = compileArgumentValidator(schema)));
  const reason = validate(value as Record<string, unknown>);
  if (reason) throw new OutputSchemaError({ agentName, reason, text });
  return value;
}

function stripCodeFence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return match ? match[1]! : text;
}
