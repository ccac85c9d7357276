import { compileSchema, type SchemaInput } from '../tools/schema.js';
import { NodeSchemaValidationError } from './node-schema-validation-error.js';

/**
 * `value` checked against a node's input or output schema (zod: its parsed value); throws
 * {@link NodeSchemaValidationError} naming the node, the side and the path. No schema: `value`.
 *
 * @example
 * ```ts
 * validateNodeValue('score', 'output', { type: 'number' }, 'high'); // throws NodeSchemaValidationError
 * ```
 */
export function validateNodeValue(nodeName: string, direction: 'input' | 'output', schema: SchemaInput | undefined, value: unknown): unknown {
  if (!schema) return value;
  const check = compileSchema(schema).check(value);
  if (!check.ok) throw new NodeSchemaValidationError({ nodeName, direction, reason: check.reason });
  return check.value;
}
