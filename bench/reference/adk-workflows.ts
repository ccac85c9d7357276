// @google/adk 2.0 side of the workflow scenarios: its own `Workflow`, function nodes, `JoinNode`
// and routes, run by its `InMemoryRunner` (in-memory sessions). The graphs and node bodies are
// the rxadk side's.
import { InMemoryRunner, JoinNode, node, type NodeContext, START, Workflow } from '@google/adk';
import {
  WORKFLOW_APP_NAME,
  WORKFLOW_MESSAGE,
  WORKFLOW_USER_ID,
  type WorkflowApp,
  type WorkflowFramework,
} from '../workflows/workflow-framework.js';

function appOf(workflow: Workflow): WorkflowApp {
  const runner = new InMemoryRunner({ agent: workflow, appName: WORKFLOW_APP_NAME });
  return {
    async createSession(sessionId) {
      await runner.sessionService.createSession({ appName: WORKFLOW_APP_NAME, userId: WORKFLOW_USER_ID, sessionId });
    },
    async deleteSession(sessionId) {
      await runner.sessionService.deleteSession({ appName: WORKFLOW_APP_NAME, userId: WORKFLOW_USER_ID, sessionId });
    },
    async run(sessionId) {
      let events = 0;
      for await (const _event of runner.runAsync({
        userId: WORKFLOW_USER_ID,
        sessionId,
        newMessage: { role: 'user', parts: [{ text: WORKFLOW_MESSAGE }] },
      })) {
        events++;
      }
      return events;
    },
  };
}

/** @google/adk 2.0's `Workflow` on the workflow scenarios' graphs. */
export const adkWorkflows: WorkflowFramework = {
  name: '@google/adk',
  fanOutApp(width) {
    const branches = Array.from({ length: width }, (_, i) => node(() => i, { name: `n${i}` }));
    const join = new JoinNode({ name: 'join' });
    const end = node((_ctx: NodeContext, joined: Record<string, number>) => Object.keys(joined).length, { name: 'end' });
    return appOf(new Workflow({ name: 'fan_out', edges: [[START, branches, join, end]] }));
  },
  loopApp(steps, marks, body) {
    const step = node(
      (ctx: NodeContext, input: unknown) => {
        const n = typeof input === 'number' ? input + 1 : 1;
        marks[n - 1] = performance.now();
        ctx.route = n < steps ? 'again' : 'done';
        return body === 'async' ? Promise.resolve(n) : n;
      },
      { name: 'step' },
    );
    const end = node((_ctx: NodeContext, n: number) => n, { name: 'end' });
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
