import { type Observable, of } from 'rxjs';
import type { NodeContext } from './node-context.js';
import type { NodeOptions } from './node-options.js';
import { outputYield, type NodeYield } from './node-yield.js';
import { WorkflowNode } from './workflow-node.js';

/**
 * A fan-in node: it runs once every predecessor has arrived since it last ran (so it is safe in
 * loops), and its output is `{predecessorName: output}`.
 *
 * @example
 * ```ts
 * const join = new JoinNode({ name: 'join_results' });
 * new Workflow({ name: 'wf', edges: [[START, [upper, count], join, report]] }); // report gets { upper: 'GO', count: 2 }
 * ```
 */
export class JoinNode extends WorkflowNode {
  constructor(config: { name: string } & Omit<NodeOptions, 'name'>) {
    super(config.name, config);
  }

  override get isJoin(): boolean {
    return true;
  }

  run(_ctx: NodeContext, input: unknown): Observable<NodeYield> {
    return of(outputYield(input));
  }

  withOptions(options: NodeOptions): JoinNode {
    return new JoinNode({ ...this.options, ...options, name: options.name ?? this.name });
  }
}
