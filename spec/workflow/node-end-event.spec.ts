import { nodeHooks } from '../../lib/workflow/node-hooks.js';
import { InvocationContext } from '../../lib/context/invocation-context.js';
import type { RouteValue } from '../../lib/events/node-info.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { sequentialIds } from '../../lib/utils/ids.js';
import { NodeContext, type NodeRunScope } from '../../lib/workflow/node-context.js';
import { nodeEndEvent } from '../../lib/workflow/node-end-event.js';
import { node } from '../../lib/workflow/node.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';

const workflow = new Workflow({ name: 'agent_name', edges: [[START, node(() => 'unused', { name: 'a' })]] });

/** A node run's context in an invocation on `invocationBranch`, the run on `branch`, ids and clock fixed. */
function contextOn(invocationBranch: string | undefined, branch: string | undefined): NodeContext {
  const invocation = new InvocationContext({
    session: newSession({ id: 's1', appName: 'app', userId: 'u1' }),
    sessionService: new InMemorySessionService(),
    agent: workflow,
    invocationId: 'inv-1',
    idGenerator: sequentialIds('e'),
    clock: () => 1234,
    branch: invocationBranch,
  });
  const scope: NodeRunScope = {
    workflowName: 'wf',
    nodeName: 'a',
    options: {},
    path: 'wf@1/a@2',
    branch,
    outputFor: ['wf@1/a@2', 'wf@1'],
    resumeInputs: {},
    history: new Map(),
    hooks: nodeHooks(undefined),
    attempt: 1,
    abortSignal: () => new AbortController().signal,
    runChild: () => {
      throw new Error('no child');
    },
  };
  return new NodeContext(invocation, 'in', scope);
}

const branches: [string | undefined, string | undefined][] = [
  [undefined, undefined],
  ['outer', undefined],
  [undefined, 'a@2'],
  ['outer', 'outer.a@2'],
];
const routes: (RouteValue | RouteValue[] | undefined)[] = [undefined, 'ok', ['x', 2]];

describe('nodeEndEvent', () => {
  for (const [invocationBranch, branch] of branches) {
    for (const route of routes) {
      for (const hasOutput of [true, false]) {
        it(`is ctx.createEvent's event, keys in order (invocation branch ${invocationBranch}, node branch ${branch}, route ${JSON.stringify(route)}, output ${hasOutput})`, () => {
          const built = nodeEndEvent(contextOn(invocationBranch, branch), hasOutput, { n: 42 }, route);
          const ctx = contextOn(invocationBranch, branch);
          const scope = ctx.runScope;
          const actions = route === undefined ? undefined : { route };
          const expected = ctx.createEvent(hasOutput ? { output: { n: 42 }, nodeInfo: { path: scope.path, outputFor: [...scope.outputFor] }, actions } : { actions });
          expect(built).toStrictEqual(expected);
          expect(JSON.stringify(built)).toBe(JSON.stringify(expected));
          expect(Object.keys(built)).toEqual(Object.keys(expected));
          expect(Object.keys(built.actions)).toEqual(Object.keys(expected.actions));
        });
      }
    }
  }

  it("gives each event actions and an outputFor of its own (code may write into an event's actions before emitting it)", () => {
    const ctx = contextOn(undefined, undefined);
    const first = nodeEndEvent(ctx, true, 1, undefined);
    const second = nodeEndEvent(ctx, true, 2, undefined);
    first.actions.stateDelta['k'] = 1;
    expect(second.actions.stateDelta).toEqual({});
    expect(first.nodeInfo!.outputFor).not.toBe(ctx.runScope.outputFor);
    expect([first.id, second.id]).toEqual(['e-1', 'e-2']);
  });
});
