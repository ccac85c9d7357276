import type { Event } from '../events/event.js';
import { rebuildNodeRuns } from './rebuild-node-runs.js';
import { answerProblem, inputAnswersOf, inputRequestsOf, type OpenInputRequest, type ResumePlan } from './resume-plan.js';

/**
 * How the node a `NodeTool` runs goes on when its call runs again: the node runs already on the
 * call's branch (`<tool>@<call id>` and its sub-branches; paths `name@1/…`), and every answer a
 * user event gave to their `adk_request_input` calls (`{result: v}` unwrapped; an answer that
 * does not match its `responseSchema` does not count: in the latest message it is `rejected`).
 * `undefined` when the branch holds no input request: the node starts afresh.
 *
 * @example
 * ```ts
 * toolCallResumePlan(session.events, 'calculate_discount@adk-2', { tier: 'VIP' })?.answers.get('confirm_vip_discount'); // { text: 'yes' }
 * ```
 */
export function toolCallResumePlan(events: readonly Event[], branch: string, input: unknown): ResumePlan | undefined {
  const run = events.filter((event) => event.author !== 'user' && isOnBranch(event.branch, branch));
  const requests = inputRequestsOf(run);
  if (!requests.size) return undefined;
  const answers = new Map<string, unknown>();
  const answered: OpenInputRequest[] = [];
  const rejected: Array<{ request: OpenInputRequest; reason: string }> = [];
  const latest = events[events.length - 1];
  for (const event of events) {
    for (const { id, value } of inputAnswersOf(event)) {
      const request = requests.get(id);
      if (!request || answers.has(id)) continue;
      const problem = answerProblem(request, value);
      if (problem === undefined) {
        answers.set(id, value);
        answered.push(request);
      } else if (event === latest) rejected.push({ request, reason: problem });
    }
  }
  return { input, history: rebuildNodeRuns(run, ''), answers, answered, unknownIds: [], rejected };
}

function isOnBranch(eventBranch: string | undefined, branch: string): boolean {
  return eventBranch === branch || (eventBranch?.startsWith(`${branch}.`) ?? false);
}
