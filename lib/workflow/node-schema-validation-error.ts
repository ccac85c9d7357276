import { RxadkError } from '../utils/errors.js';

/**
 * A workflow node's input or output does not match its `inputSchema` / `outputSchema` (zod or
 * JSON Schema). The message names the node, the side and the path of the offending value.
 *
 * @example
 * ```ts
 * node(score, { name: 'score', outputSchema: { type: 'number' } }); // returns 'high' → NodeSchemaValidationError
 * ```
 */
export class NodeSchemaValidationError extends RxadkError {
  readonly nodeName: string;
  /** Which side failed. */
  readonly direction: 'input' | 'output';
  /** The validator's explanation, with the path of the value (e.g. `city: expected string`). */
  readonly reason: string;

  constructor(fields: { nodeName: string; direction: 'input' | 'output'; reason: string }) {
    super('NODE_SCHEMA_INVALID', `Workflow node "${fields.nodeName}": its ${fields.direction} does not match its ${fields.direction}Schema: ${fields.reason}`);
    this.nodeName = fields.nodeName;
    this.direction = fields.direction;
    this.reason = fields.reason;
  }
}
