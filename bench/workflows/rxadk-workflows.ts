// rxadk side of the workflow scenarios: `Workflow`, function nodes, `JoinNode` and routes, run by
// an `InMemoryRunner` (in-memory sessions).
import { count, lastValueFrom } from 'rxjs';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { JoinNode } from '../../lib/workflow/join-node.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { node } from '../../lib/workflow/node.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { WORKFLOW_APP_NAME, WORKFLOW_MESSAGE, WORKFLOW_USER_ID, type WorkflowApp, type WorkflowFramework } from './workflow-framework.js';

function appOf(workflow: Workflow): WorkflowApp {
  const runner = new InMemoryRunner({ agent: workflow, appName: WORKFLOW_APP_NAME });
  return {
    async createSession(sessionId) {
      await lastValueFrom(runner.sessionService.createSession({ appName: WORKFLOW_APP_NAME, userId: WORKFLOW_USER_ID, sessionId }));
    },
    async deleteSession(sessionId) {
      await lastValueFrom(runner.sessionService.deleteSession({ appName: WORKFLOW_APP_NAME, userId: WORKFLOW_USER_ID, sessionId }), { defaultValue: undefined });
    },
    run(sessionId) {
      return lastValueFrom(
        runner
          .runAsync({ userId: WORKFLOW_USER_ID, sessionId, newMessage: { role: 'user', parts: [{ text: WORKFLOW_MESSAGE }] } })
          .pipe(count()),
      );
    },
  };
}

/** rxadk's `Workflow` on the workflow scenarios' graphs. */
export const rxadkWorkflows: WorkflowFramework = {
  name: 'rxadk',
  fanOutApp(width) {
    const branches = Array.from({ length: width }, (_, i) => node(() => i, { name: `n${i}` }));
    const join = new JoinNode({ name: 'join' });
    const end = (_ctx: NodeContext, joined: Record<string, number>) => Object.keys(joined).length;
    return appOf(new Workflow({ name: 'fan_out', edges: [[START, branches, join, end]] }));
  },
  loopApp(steps, marks, body) {
    const step = (ctx: NodeContext, input: unknown) => {
      const n = typeof input === 'number' ? input + 1 : 1;
      marks[n - 1] = performance.now();
      ctx.route = n < steps ? 'again' : 'done';
      return body === 'async' ? Promise.resolve(n) : n;
    };
    const end = (_ctx: NodeContext, n: number) => n;
    return appOf(
      new Workflow({
        name: 'loop',
        edges: [
          [START, step],
          [step, { again: step, done: end }],
        ],
      }),
    );
  },
};
