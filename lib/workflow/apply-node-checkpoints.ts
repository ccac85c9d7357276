import type { Event } from '../events/event.js';
import { type NodeStatus, NodeStatus as Status } from './node-status.js';
import type { RecordedNodeRun } from './recorded-node-run.js';

const FINISHED_WITHOUT_OUTPUT: RecordedNodeRun = { finished: true, hasOutput: false, output: undefined, fromMessage: false, routes: [], interruptIds: [], branch: undefined };

/**
 * The status of each node run (by path, `wf@1/a@2`) that the workflow's checkpoints in invocation
 * `invocationId` state, the latest one winning (a fold over its `actions.agentState.nodes`
 * events, authored by the workflow, with no `nodeInfo`). Malformed entries are skipped.
 *
 * @example
 * ```ts
 * checkpointedNodeStatuses(session.events, 'e-1', 'wf', 'wf@1').get('wf@1/a@1'); // NodeStatus.COMPLETED
 * ```
 */
export function checkpointedNodeStatuses(events: readonly Event[], invocationId: string, workflowName: string, rootPath: string): ReadonlyMap<string, NodeStatus> {
  const statuses = new Map<string, NodeStatus>();
  for (const event of events) {
    if (event.invocationId !== invocationId || event.author !== workflowName || event.nodeInfo) continue;
    const nodes = event.actions.agentState?.['nodes'];
    if (typeof nodes !== 'object' || nodes === null) continue;
    for (const [name, state] of Object.entries(nodes as Record<string, unknown>)) {
      const { status, run_id: runId } = (state ?? {}) as { status?: unknown; run_id?: unknown };
      if (typeof status === 'number' && typeof runId === 'string') statuses.set(`${rootPath}/${name}@${runId}`, status as NodeStatus);
    }
  }
  return statuses;
}

/**
 * The node runs rebuilt from events, corrected by the workflow's checkpoints: a run the
 * checkpoints say COMPLETED is finished even when it left no event (a node with no output, no
 * route, no state); a run they say RUNNING that stored no output, route or request was
 * interrupted (the process died in it): it runs again (at least once, as in ADK).
 *
 * ```
 * events: a{output}  b{stateDelta}  ✕      checkpoints: a COMPLETED, b RUNNING, c COMPLETED
 * → a fast-forwarded with its output; b runs again; c fast-forwarded with no output
 * ```
 *
 * @example
 * ```ts
 * applyNodeCheckpoints(rebuildNodeRuns(run, 'wf@1'), checkpointedNodeStatuses(events, id, 'wf', 'wf@1'));
 * ```
 */
export function applyNodeCheckpoints(history: ReadonlyMap<string, RecordedNodeRun>, statuses: ReadonlyMap<string, NodeStatus>): ReadonlyMap<string, RecordedNodeRun> {
  if (!statuses.size) return history;
  const runs = new Map(history);
  for (const [path, status] of statuses) {
    const recorded = runs.get(path);
    if (status === Status.COMPLETED && !recorded?.finished && !recorded?.interruptIds.length) runs.set(path, { ...FINISHED_WITHOUT_OUTPUT, branch: recorded?.branch });
    else if (status === Status.RUNNING && recorded && !recorded.hasOutput && !recorded.routes.length && !recorded.interruptIds.length) runs.delete(path);
  }
  return runs;
}
