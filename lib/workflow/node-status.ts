/**
 * A workflow node's run status in a checkpoint (ADK 2.x's `NodeStatus`, the same numbers, so a
 * checkpoint written by rxadk reads the same in ADK Python and @google/adk).
 *
 * @example
 * ```ts
 * event.actions.agentState; // { nodes: { review: { status: NodeStatus.WAITING, interrupts: ['adk-1'], run_id: '1' } } }
 * ```
 */
export const NodeStatus = {
  INACTIVE: 0,
  PENDING: 1,
  RUNNING: 2,
  COMPLETED: 3,
  WAITING: 4,
  FAILED: 5,
  CANCELLED: 6,
} as const;

/** One of the {@link NodeStatus} numbers. */
export type NodeStatus = (typeof NodeStatus)[keyof typeof NodeStatus];

/**
 * What a workflow checkpoint says about one node (ADK 2.x's `NodeState` as its checkpoint dumps
 * it: `status` and `interrupts`; rxadk adds `run_id`, the run's `@n`, a field of ADK's `NodeState`).
 *
 * @example
 * ```ts
 * const state: NodeCheckpointState = { status: NodeStatus.RUNNING, interrupts: [], run_id: '2' };
 * ```
 */
export interface NodeCheckpointState {
  readonly status: NodeStatus;
  readonly interrupts: readonly string[];
  readonly run_id: string;
}
