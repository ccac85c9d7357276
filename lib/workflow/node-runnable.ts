import type { Observable } from 'rxjs';
import type { NodeContext } from './node-context.js';
import type { NodeYield } from './node-yield.js';

/**
 * An agent that knows how to run as a workflow node itself (a nested `Workflow`): its node run
 * is {@link runAsNode}, not `runAsync`.
 *
 * @example
 * ```ts
 * if (isNodeRunnable(agent)) return agent.runAsNode(ctx, input);
 * ```
 */
export interface NodeRunnable {
  runAsNode(ctx: NodeContext, input: unknown): Observable<NodeYield>;
}

/**
 * True for a {@link NodeRunnable}.
 *
 * @example
 * ```ts
 * isNodeRunnable(new Workflow({ name: 'wf', edges: [[START, a]] })); // true
 * ```
 */
export function isNodeRunnable(value: unknown): value is NodeRunnable {
  return typeof (value as Partial<NodeRunnable> | undefined)?.runAsNode === 'function';
}
