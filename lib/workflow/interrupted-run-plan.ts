import type { Event } from '../events/event.js';
import { rebuildNodeRuns } from './rebuild-node-runs.js';
import type { RecordedNodeRun } from './recorded-node-run.js';
import { isOnlyInputAnswers, requestsAndAnswers } from './resume-plan.js';
import { startInput } from './start-input.js';

/** How a workflow run of a resumed invocation carries on when no new answer arrived. */
export interface InterruptedRunPlan {
  /** What START gets again: the invocation's first user message. */
  readonly input: unknown;
  /** The node runs rebuilt from the invocation's events. */
  readonly history: ReadonlyMap<string, RecordedNodeRun>;
  /** The answers the invocation already holds, by request id. */
  readonly answers: ReadonlyMap<string, unknown>;
}

/**
 * The workflow run at `rootPath` of invocation `invocationId`, rebuilt from that invocation's
 * events, for `runAsync({invocationId})` in a resumable app (the process died, or a node failed,
 * or the run waits for input): its input, node runs and answers so far. `undefined` when the
 * invocation has no user message to start from.
 *
 * @example
 * ```ts
 * interruptedRunPlan(session.events, 'e-1', 'wf@1')?.history.get('wf@1/a@1'); // { finished: true, output: 'GO', ... }
 * ```
 */
export function interruptedRunPlan(events: readonly Event[], invocationId: string, rootPath: string): InterruptedRunPlan | undefined {
  const invocation = events.filter((event) => event.invocationId === invocationId);
  const start = invocation.findIndex((event) => event.author === 'user' && event.content?.parts?.length && !isOnlyInputAnswers(event));
  if (start < 0) return undefined;
  const run = invocation.slice(start + 1).filter((e) => e.author === 'user' || e.nodeInfo?.path.startsWith(`${rootPath}/`));
  return { input: startInput(invocation[start]!.content), history: rebuildNodeRuns(run, rootPath), answers: requestsAndAnswers(run).answers };
}
