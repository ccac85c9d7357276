import { RxadkError } from '../utils/errors.js';

/**
 * One attempt of a workflow node ran longer than its `timeout` (seconds). Retryable: a node with
 * a `retryConfig` tries again.
 *
 * @example
 * ```ts
 * node(slowFetch, { name: 'fetch', timeout: 5, retryConfig: { maxAttempts: 3 } }); // NodeTimeoutError → retried
 * ```
 */
export class NodeTimeoutError extends RxadkError {
  readonly nodeName: string;
  /** The limit that was exceeded, in seconds. */
  readonly timeout: number;

  constructor(fields: { nodeName: string; timeout: number }) {
    super('NODE_TIMEOUT', `Workflow node "${fields.nodeName}" did not finish within its timeout of ${fields.timeout} s.`);
    this.nodeName = fields.nodeName;
    this.timeout = fields.timeout;
  }
}
