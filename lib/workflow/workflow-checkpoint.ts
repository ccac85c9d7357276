import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { NodeCheckpointState } from './node-status.js';

/**
 * A workflow's checkpoint event in a resumable app (ADK Python 2.x's `_emit_node_checkpoint`):
 * authored by the workflow, on its branch, no content, `actions.agentState = {nodes: {name:
 * {status, interrupts, run_id}}}` — each node's latest run; or, with `'end'`, the workflow's
 * `actions.endOfAgent` (it finished with no request left open).
 *
 * @example
 * ```ts
 * workflowCheckpoint(ctx, 'wf', undefined, new Map([['a', { status: NodeStatus.COMPLETED, interrupts: [], run_id: '1' }]]));
 * // { author: 'wf', actions: { agentState: { nodes: { a: { status: 3, interrupts: [], run_id: '1' } } } } }
 * ```
 */
export function workflowCheckpoint(
  ctx: InvocationContext,
  workflowName: string,
  branch: string | undefined,
  nodes: ReadonlyMap<string, NodeCheckpointState> | 'end',
): Event {
  const actions = nodes === 'end' ? { endOfAgent: true } : { agentState: { nodes: Object.fromEntries([...nodes].map(([name, state]) => [name, { ...state, interrupts: [...state.interrupts] }])) } };
  return ctx.createEvent({ author: workflowName, ...(branch === undefined ? {} : { branch }), actions });
}
