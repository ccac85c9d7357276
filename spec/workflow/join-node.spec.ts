import { lastValueFrom, type Observable, of, toArray } from 'rxjs';
import type { Event } from '../../lib/events/event.js';
import { BasePlugin } from '../../lib/plugins/base-plugin.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { JoinNode } from '../../lib/workflow/join-node.js';
import { node } from '../../lib/workflow/node.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { outputYield, type NodeYield } from '../../lib/workflow/node-yield.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { user } from '../support/llm.js';
import { recordingShape } from '../support/workflow-events.js';

function run(workflow: Workflow, plugins: BasePlugin[] = []): Promise<Event[]> {
  const runner = new InMemoryRunner({ agent: workflow, autoCreateSession: true, plugins });
  return lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(toArray()));
}

/** Branches named like an event's fields, with outputs of an event's field types: their join's input looks like an event. */
function eventLookalikeBranches() {
  return [
    node(() => 'e-1', { name: 'id' }),
    node(() => 'someone', { name: 'author' }),
    node(() => 'inv-1', { name: 'invocationId' }),
    node(() => 1.5, { name: 'timestamp' }),
    node(() => ({ stateDelta: {} }), { name: 'actions' }),
  ];
}

const LOOKALIKE = { id: 'e-1', author: 'someone', invocationId: 'inv-1', timestamp: 1.5, actions: { stateDelta: {} } };

describe('JoinNode', () => {
  it("outputs its input as it is, even one that looks like an event (its predecessors' names and outputs)", async () => {
    const join = new JoinNode({ name: 'join' });
    const events = await run(new Workflow({ name: 'wf', edges: [[START, eventLookalikeBranches(), join]] }));
    const joined = events.find((event) => event.nodeInfo?.path === 'wf@1/join@1');
    expect(joined?.output).toEqual(LOOKALIKE);
    expect(recordingShape(joined!)).toEqual({ author: 'wf', nodeInfo: { path: 'wf@1/join@1', outputFor: ['wf@1/join@1', 'wf@1'] }, output: LOOKALIKE });
    // the five branches' events and the join's: no event of the join's input passed on as an event
    expect(events.filter((event) => event.author === 'someone')).toEqual([]);
    expect(events).toHaveLength(6);
  });

  it('runs the same with a plugin before nodes (the general lane) as without one', async () => {
    const calls: string[] = [];
    class Watch extends BasePlugin {
      constructor() {
        super('watch');
      }
      override beforeNodeCallback(_ctx: NodeContext, info: { name: string }) {
        calls.push(info.name);
        return undefined;
      }
    }
    const shapes = async (plugins: BasePlugin[]) => (await run(new Workflow({ name: 'wf', edges: [[START, eventLookalikeBranches(), new JoinNode({ name: 'join' })]] }), plugins)).map(recordingShape);
    expect(await shapes([new Watch()])).toEqual(await shapes([]));
    expect(calls).toContain('join');
  });

  it("a subclass's own run is what runs (not the join's lane)", async () => {
    class CountingJoin extends JoinNode {
      override run(_ctx: NodeContext, input: unknown): Observable<NodeYield> {
        return of(outputYield(Object.keys(input as object).length));
      }
    }
    const events = await run(new Workflow({ name: 'wf', edges: [[START, eventLookalikeBranches(), new CountingJoin({ name: 'join' })]] }));
    expect(events.find((event) => event.nodeInfo?.path === 'wf@1/join@1')?.output).toBe(5);
  });

  it('fails its run when its input breaks its inputSchema, as a function node does', async () => {
    const join = new JoinNode({ name: 'join', inputSchema: { type: 'object', required: ['missing'] } });
    await expect(run(new Workflow({ name: 'wf', edges: [[START, [node(() => 1, { name: 'a' }), node(() => 2, { name: 'b' })], join]] }))).rejects.toMatchObject({
      name: 'NodeError',
    });
  });
});
