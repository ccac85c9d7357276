import type { NodeHooks } from './node-hooks.js';
import type { RecordedNodeRun } from './recorded-node-run.js';
import type { WorkflowNode } from './workflow-node.js';

/** One node run to execute: the node, its input, and where it sits. */
export interface NodeRunSpec {
  readonly node: WorkflowNode;
  readonly input: unknown;
  /** The author of the node's own events. */
  readonly workflowName: string;
  readonly path: string;
  readonly branch: string | undefined;
  readonly outputFor: readonly string[];
  readonly resumeInputs: Readonly<Record<string, unknown>>;
  /** The node runs of the paused run being resumed, by path (empty for a new run). */
  readonly history: ReadonlyMap<string, RecordedNodeRun>;
  /** The plugins' node hooks, decided once per workflow run (every node step asks both). */
  readonly hooks: NodeHooks;
}
