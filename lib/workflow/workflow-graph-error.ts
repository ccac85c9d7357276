import { RxadkError } from '../utils/errors.js';

/**
 * A workflow's edges do not make a valid graph: duplicate node names, unreachable nodes, an
 * unconditional cycle, a routing-map value that is not a node, an edge item of the wrong shape.
 * Thrown by `new Workflow(...)`; `names` lists the nodes at fault.
 *
 * @example
 * ```ts
 * try { new Workflow({ name: 'wf', edges: [[START, a], [b, c]] }); }
 * catch (e) { if (e instanceof WorkflowGraphError) console.log(e.names); } // ['b', 'c']
 * ```
 */
export class WorkflowGraphError extends RxadkError {
  /** The workflow whose graph is invalid. */
  readonly workflowName: string;
  /** The nodes (or route keys) the problem is about. */
  readonly names: readonly string[];

  constructor(fields: { workflowName: string; names: readonly string[]; message: string }) {
    super('WORKFLOW_GRAPH_INVALID', `Workflow "${fields.workflowName}": ${fields.message}`);
    this.workflowName = fields.workflowName;
    this.names = [...fields.names];
  }
}
