import { RxadkError } from '../utils/errors.js';

/**
 * A workflow node failed after its last attempt (or its failure was not retryable): the run
 * errors with it once the siblings are unsubscribed. `path` is the node run's path
 * (`wf@1/fetch@1`), `cause` the node's own error.
 *
 * @example
 * ```ts
 * runner.runAsync(turn).subscribe({ error: (e) => e instanceof NodeError && console.log(e.path, e.cause) });
 * ```
 */
export class NodeError extends RxadkError {
  /** The node's name. */
  readonly nodeName: string;
  /** The failed node run's path, e.g. `wf@1/fetch@1`. */
  readonly path: string;
  /** How many attempts were made. */
  readonly attempts: number;

  constructor(fields: { nodeName: string; path: string; attempts: number; cause: unknown }) {
    super(
      'NODE_FAILED',
      `Workflow node "${fields.nodeName}" (${fields.path}) failed after ${fields.attempts} attempt${fields.attempts === 1 ? '' : 's'}: ` +
        `${describe(fields.cause)}. Give the node a retryConfig to retry it, or an onError route to a fallback node.`,
      { cause: fields.cause },
    );
    this.nodeName = fields.nodeName;
    this.path = fields.path;
    this.attempts = fields.attempts;
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
}
