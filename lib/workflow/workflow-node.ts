import type { Observable } from 'rxjs';
import type { NodeContext, BuiltNode } from './node-context.js';
import type { NodeOptions } from './node-options.js';
import type { NodeYield } from './node-yield.js';

/**
 * A node of a workflow graph: a name, its options, and what one run of it does. `node(x, options)`
 * builds one from a function, an agent, a tool or a workflow; `JoinNode` and `ParallelWorker` are
 * nodes too. Subclass it for a node of your own: {@link run} returns the run's events, output
 * and input requests as a cold Observable.
 *
 * @example
 * ```ts
 * class Double extends WorkflowNode {
 *   constructor() { super('double'); }
 *   run(_ctx: NodeContext, input: unknown) { return of(outputYield(Number(input) * 2)); }
 * }
 * ```
 */
export abstract class WorkflowNode implements BuiltNode {
  readonly name: string;
  readonly options: Readonly<NodeOptions>;

  constructor(name: string, options: NodeOptions = {}) {
    this.name = name;
    this.options = { ...options, name };
  }

  /** A fan-in node: it runs once every predecessor has arrived (see `JoinNode`). */
  get isJoin(): boolean {
    return false;
  }

  /**
   * Whether a run of this node that asked for input runs again when the answers arrive (else it
   * completes with the answer as its output): the `rerunOnResume` option, by default false.
   */
  get rerunsOnResume(): boolean {
    return this.options.rerunOnResume ?? false;
  }

  /** The output an agent reply's text stands for (see `AgentNode`); the text itself by default. */
  outputFromMessage(text: string): unknown {
    return text;
  }

  /** One run of the node (one attempt): its events, its output, its input requests. Cold. */
  abstract run(ctx: NodeContext, input: unknown): Observable<NodeYield>;

  /** This node with other options (what `node(builtNode, options)` returns). */
  abstract withOptions(options: NodeOptions): WorkflowNode;
}
