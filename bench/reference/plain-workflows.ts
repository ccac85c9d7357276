// The floor of the workflow scenarios: the same graphs' work written by hand in plain JavaScript,
// with no engine. Per run: the user's message is stored; each node's body is called in the order
// an engine would call it, with the same inputs (a step's route set on a context object, its
// Promise awaited); each node run's output event is built as both engines build it (a fresh id,
// the invocation id, a timestamp, the author, the branch after a fan-out, `nodeInfo.path` and
// `outputFor`, the output, the route, empty deltas), pushed to the session's array and its (empty)
// state delta applied to the session state. No scheduling, no queue, no subscription: what is
// left is the part of a workflow's cost no engine can avoid.
import { randomUUID } from 'node:crypto';
import { WORKFLOW_MESSAGE, type WorkflowApp, type WorkflowFramework } from '../workflows/workflow-framework.js';

interface FloorActions {
  stateDelta: Record<string, unknown>;
  artifactDelta: Record<string, unknown>;
  requestedToolConfirmations: Record<string, unknown>;
  route?: string;
}

interface FloorEvent {
  id: string;
  invocationId: string;
  author: string;
  timestamp: number;
  branch?: string;
  content?: { role: string; parts: Array<{ text: string }> };
  nodeInfo?: { path: string; outputFor: string[] };
  output?: unknown;
  actions: FloorActions;
}

interface FloorSession {
  events: FloorEvent[];
  state: Record<string, unknown>;
}

/** What a node run's event carries besides the fields every event has. */
type NodeEventInit = Pick<FloorEvent, 'branch' | 'nodeInfo' | 'output'> & { route?: string };

/** Stores the node events of one run: `store(init)` builds, appends and counts one event. */
type Body = (store: (init: NodeEventInit) => void) => void | Promise<void>;

function appOf(author: string, body: Body): WorkflowApp {
  const sessions = new Map<string, FloorSession>();
  const append = (session: FloorSession, event: FloorEvent) => {
    session.events.push(event);
    Object.assign(session.state, event.actions.stateDelta);
  };
  const actions = (route?: string): FloorActions => {
    const made: FloorActions = { stateDelta: {}, artifactDelta: {}, requestedToolConfirmations: {} };
    if (route !== undefined) made.route = route;
    return made;
  };
  return {
    createSession(sessionId) {
      sessions.set(sessionId, { events: [], state: {} });
      return Promise.resolve();
    },
    deleteSession(sessionId) {
      sessions.delete(sessionId);
      return Promise.resolve();
    },
    async run(sessionId) {
      const session = sessions.get(sessionId)!;
      const invocationId = `e-${randomUUID()}`;
      const content = { role: 'user', parts: [{ text: WORKFLOW_MESSAGE }] };
      append(session, { id: randomUUID(), invocationId, timestamp: Date.now(), author: 'user', content, actions: actions() });
      let stored = 0;
      await body(({ branch, nodeInfo, output, route }) => {
        const event: FloorEvent = { id: randomUUID(), invocationId, timestamp: Date.now(), author, nodeInfo, output, actions: actions(route) };
        if (branch !== undefined) event.branch = branch;
        append(session, event);
        stored++;
      });
      return stored;
    },
  };
}

/** One node run's `nodeInfo`: its path, and the workflow's too when it is terminal. */
function nodeInfo(workflow: string, node: string, run: number, terminal = false) {
  const path = `${workflow}@1/${node}@${run}`;
  return { path, outputFor: terminal ? [path, `${workflow}@1`] : [path] };
}

/** The workflow scenarios' work without an engine (the floor both engines are set against). */
export const floorWorkflows: WorkflowFramework = {
  name: 'floor',
  fanOutApp(width) {
    const branches = Array.from({ length: width }, (_, i) => () => i);
    const end = (joined: Record<string, number>) => Object.keys(joined).length;
    return appOf('fan_out', (store) => {
      const joined: Record<string, number> = {};
      branches.forEach((branch, i) => {
        const output = branch();
        joined[`n${i}`] = output;
        store({ branch: `n${i}@1`, nodeInfo: nodeInfo('fan_out', `n${i}`, 1), output });
      });
      store({ nodeInfo: nodeInfo('fan_out', 'join', 1), output: joined });
      store({ nodeInfo: nodeInfo('fan_out', 'end', 1, true), output: end(joined) });
    });
  },
  loopApp(steps, marks, body) {
    const step = (ctx: { route?: string }, input: unknown) => {
      const n = typeof input === 'number' ? input + 1 : 1;
      marks[n - 1] = performance.now();
      ctx.route = n < steps ? 'again' : 'done';
      return body === 'async' ? Promise.resolve(n) : n;
    };
    const end = (n: number) => n;
    return appOf('loop', async (store) => {
      let input: unknown = WORKFLOW_MESSAGE;
      for (let run = 1; ; run++) {
        const ctx: { route?: string } = {};
        const returned = step(ctx, input);
        const output = body === 'async' ? await returned : (returned as number);
        store({ nodeInfo: nodeInfo('loop', 'step', run), output, route: ctx.route });
        input = output;
        if (ctx.route === 'done') break;
      }
      store({ nodeInfo: nodeInfo('loop', 'end', 1, true), output: end(input as number) });
    });
  },
};
