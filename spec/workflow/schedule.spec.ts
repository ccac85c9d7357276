import type { NodeContext } from '../../lib/workflow/node-context.js';
import { buildWorkflowGraph } from '../../lib/workflow/build-workflow-graph.js';
import { DEFAULT_ROUTE } from '../../lib/workflow/default-route.js';
import { JoinNode } from '../../lib/workflow/join-node.js';
import { node } from '../../lib/workflow/node.js';
import { initialSchedulerState, schedule, type NodeRunResult, type SchedulerState, type SchedulerStep } from '../../lib/workflow/schedule.js';
import { START } from '../../lib/workflow/start.js';

const fn = (name: string, options = {}) => node((_ctx: NodeContext, x: unknown) => x, { name, ...options });
const out = (output: unknown, routes: unknown[] = [], branch?: string): NodeRunResult =>
  ({ output, hasOutput: output !== undefined, routes: routes as NodeRunResult['routes'], interruptIds: [], branch });

function started(step: Pick<SchedulerStep, 'start'>) {
  return step.start.map((r) => `${r.slot.name}@${r.runId}(${JSON.stringify(r.input)})${r.branch ? ` on ${r.branch}` : ''}`);
}

describe('schedule (the pure workflow scheduler)', () => {
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => fn(n));

  it('starts the nodes after START with the input, and goes down a chain one finished node at a time', () => {
    const graph = buildWorkflowGraph('wf', [[START, a, b]]);
    const s1 = schedule(graph, initialSchedulerState(), { type: 'start', input: 'go', branch: undefined });
    expect(started(s1)).toEqual(['a@1("go")']);
    expect(s1.done).toBe(false);
    const s2 = schedule(graph, s1.state, { type: 'finished', node: 'a', result: out('GO') });
    expect(started(s2)).toEqual(['b@1("GO")']);
    const s3 = schedule(graph, s2.state, { type: 'finished', node: 'b', result: out('GO!') });
    expect(s3.start).toEqual([]);
    expect(s3.done).toBe(true);
    expect(s3.state.terminal).toEqual({ node: 'b', output: 'GO!' });
  });

  it('puts each target of a fan-out on a branch of its own, and a join back on the common branch', () => {
    const join = new JoinNode({ name: 'join' });
    const graph = buildWorkflowGraph('wf', [[START, a, [b, c], join, d]]);
    let step = schedule(graph, initialSchedulerState(), { type: 'start', input: 'x', branch: 'outer' });
    step = schedule(graph, step.state, { type: 'finished', node: 'a', result: out(1, [], 'outer') });
    expect(started(step)).toEqual(['b@1(1) on outer.b@1', 'c@1(1) on outer.c@1']);
    step = schedule(graph, step.state, { type: 'finished', node: 'c', result: out('C', [], 'outer.c@1') });
    expect(started(step)).toEqual([]);
    step = schedule(graph, step.state, { type: 'finished', node: 'b', result: out('B', [], 'outer.b@1') });
    expect(started(step)).toEqual(['join@1({"b":"B","c":"C"}) on outer']);
  });

  it('queues a node that is running (never concurrent with itself) and runs it once per arriving input, in arrival order', () => {
    const graph = buildWorkflowGraph('wf', [[START, [a, b]], [a, c], [b, c]]);
    let step = schedule(graph, initialSchedulerState(), { type: 'start', input: 0, branch: undefined });
    step = schedule(graph, step.state, { type: 'finished', node: 'a', result: out('from a', [], 'a@1') });
    expect(started(step)).toEqual(['c@1("from a") on a@1']);
    step = schedule(graph, step.state, { type: 'finished', node: 'b', result: out('from b', [], 'b@1') });
    expect(started(step)).toEqual([]);
    expect(step.state.pending.map((t) => t.slot.name)).toEqual(['c']);
    step = schedule(graph, step.state, { type: 'finished', node: 'c', result: out('c1', [], 'a@1') });
    expect(started(step)).toEqual(['c@2("from b") on b@1']);
  });

  it('restarts a node that routes back to itself once per trigger, in arrival order, never concurrently with itself', () => {
    // c is triggered by a and by b while it runs, and routes back to itself once
    const graph = buildWorkflowGraph('wf', [[START, [a, b]], [a, c], [b, c], [c, { again: c }]]);
    let step = schedule(graph, initialSchedulerState(), { type: 'start', input: 0, branch: undefined }, 2);
    step = schedule(graph, step.state, { type: 'finished', node: 'a', result: out('from a', [], 'a@1') }, 2);
    expect(started(step)).toEqual(['c@1("from a") on a@1']);
    step = schedule(graph, step.state, { type: 'finished', node: 'b', result: out('from b', [], 'b@1') }, 2);
    expect(started(step)).toEqual([]);
    // c ends and routes to itself: the trigger that waited goes first, the new one waits for it
    step = schedule(graph, step.state, { type: 'finished', node: 'c', result: out('c1', ['again'], 'a@1') }, 2);
    expect(started(step)).toEqual(['c@2("from b") on b@1']);
    expect(step.state.pending.map((t) => `${t.slot.name}(${JSON.stringify(t.input)})`)).toEqual(['c("c1")']);
    expect(step.state.running).toBe(1);
    step = schedule(graph, step.state, { type: 'finished', node: 'c', result: out('c2', [], 'b@1') }, 2);
    expect(started(step)).toEqual(['c@3("c1") on a@1']);
    step = schedule(graph, step.state, { type: 'finished', node: 'c', result: out('c3', [], 'a@1') }, 2);
    expect(started(step)).toEqual([]);
    expect(step.done).toBe(true);
    expect([step.state.running, step.state.runs.get(graph.slots.get('c')!.index)]).toEqual([0, { count: 3, running: false }]);
  });

  it('does not restart a node that routes back to itself past maxConcurrency, and restarts it once a run ends', () => {
    const graph = buildWorkflowGraph('wf', [[START, [a, b]], [a, { again: a }]]);
    let step = schedule(graph, initialSchedulerState(), { type: 'start', input: 0, branch: undefined }, 1);
    expect(started(step)).toEqual(['a@1(0) on a@1']);
    // a ends and routes back to itself; b has waited longer, and one run at a time is allowed
    step = schedule(graph, step.state, { type: 'finished', node: 'a', result: out(1, ['again'], 'a@1') }, 1);
    expect(started(step)).toEqual(['b@1(0) on b@1']);
    expect(step.state.runs.get(graph.slots.get('a')!.index)).toEqual({ count: 1, running: false });
    step = schedule(graph, step.state, { type: 'finished', node: 'b', result: out(undefined, [], 'b@1') }, 1);
    expect(started(step)).toEqual(['a@2(1) on a@1']);
  });

  it('starts at most maxConcurrency runs, the earliest triggers first', () => {
    const graph = buildWorkflowGraph('wf', [[START, [a, b, c]]]);
    let step = schedule(graph, initialSchedulerState(), { type: 'start', input: 0, branch: undefined }, 2);
    expect(step.start.map((r) => r.slot.name)).toEqual(['a', 'b']);
    step = schedule(graph, step.state, { type: 'finished', node: 'b', result: out(undefined) }, 2);
    expect(step.start.map((r) => r.slot.name)).toEqual(['c']);
  });

  it('follows the matching route, DEFAULT_ROUTE when none matches or none is given, and warns when a route matches nothing', () => {
    const graph = buildWorkflowGraph('wf', [[START, a, { yes: b, [DEFAULT_ROUTE]: c }], [b, { again: b }]]);
    const afterA = schedule(graph, initialSchedulerState(), { type: 'start', input: 0, branch: undefined }).state;
    expect(started(schedule(graph, afterA, { type: 'finished', node: 'a', result: out(1, ['yes']) }))).toEqual(['b@1(1)']);
    expect(started(schedule(graph, afterA, { type: 'finished', node: 'a', result: out(1, ['nope']) }))).toEqual(['c@1(1)']);
    expect(started(schedule(graph, afterA, { type: 'finished', node: 'a', result: out(1) }))).toEqual(['c@1(1)']);
    const inB = schedule(graph, afterA, { type: 'finished', node: 'a', result: out(1, ['yes']) }).state;
    const unmatched = schedule(graph, inB, { type: 'finished', node: 'b', result: out(2, ['other']) });
    expect(unmatched.start).toEqual([]);
    expect(unmatched.warnings).toEqual(['Workflow node "b" took route "other", which no edge matches: this branch ends here.']);
    expect(unmatched.done).toBe(true);
    const looped = schedule(graph, inB, { type: 'finished', node: 'b', result: out(2, ['again']) });
    expect(started(looped)).toEqual(['b@2(2)']);
  });

  it('takes every route of an array of routes', () => {
    const graph = buildWorkflowGraph('wf', [[START, a, { x: b, y: c, z: d }]]);
    const afterA = schedule(graph, initialSchedulerState(), { type: 'start', input: 0, branch: undefined }).state;
    expect(started(schedule(graph, afterA, { type: 'finished', node: 'a', result: out(1, ['x', 'z']) }))).toEqual(['b@1(1) on b@1', 'd@1(1) on d@1']);
  });

  it('fires a join in a loop once per round: only the arrivals since it last fired count', () => {
    const join = new JoinNode({ name: 'join' });
    const graph = buildWorkflowGraph('wf', [[START, a, [b, c], join, d], [d, { again: a }]]);
    let state: SchedulerState = schedule(graph, initialSchedulerState(), { type: 'start', input: 0, branch: undefined }).state;
    for (const round of [1, 2]) {
      state = schedule(graph, state, { type: 'finished', node: 'a', result: out(round) }).state;
      state = schedule(graph, state, { type: 'finished', node: 'b', result: out(`b${round}`, [], `b@${round}`) }).state;
      const step = schedule(graph, state, { type: 'finished', node: 'c', result: out(`c${round}`, [], `c@${round}`) });
      expect(started(step)).toEqual([`join@${round}({"b":"b${round}","c":"c${round}"})`]);
      state = schedule(graph, step.state, { type: 'finished', node: 'join', result: out({}) }).state;
      state = schedule(graph, state, { type: 'finished', node: 'd', result: out('d', ['again']) }).state;
    }
  });

  it('keeps a node that waits for input paused: no triggers, done when nothing else runs', () => {
    const graph = buildWorkflowGraph('wf', [[START, a, b]]);
    const s1 = schedule(graph, initialSchedulerState(), { type: 'start', input: 0, branch: undefined });
    const s2 = schedule(graph, s1.state, { type: 'finished', node: 'a', result: { ...out(undefined), interruptIds: ['req-1'] } });
    expect(s2.start).toEqual([]);
    expect(s2.done).toBe(true);
    expect([...s2.state.waiting]).toEqual([['a', ['req-1']]]);
  });

  it('keeps a waitForOutput node waiting until it produces an output', () => {
    const w = fn('w', { waitForOutput: true });
    const graph = buildWorkflowGraph('wf', [[START, [a, b], w, d]]);
    let step = schedule(graph, initialSchedulerState(), { type: 'start', input: 0, branch: undefined });
    step = schedule(graph, step.state, { type: 'finished', node: 'a', result: out(1, [], 'a@1') });
    step = schedule(graph, step.state, { type: 'finished', node: 'w', result: out(undefined) });
    expect(step.start).toEqual([]);
    step = schedule(graph, step.state, { type: 'finished', node: 'b', result: out(2, [], 'b@1') });
    expect(started(step)).toEqual(['w@2(2) on b@1']);
    step = schedule(graph, step.state, { type: 'finished', node: 'w', result: out('both') });
    expect(started(step)).toEqual(['d@1("both")']);
  });

  it('reports a second terminal output', () => {
    const graph = buildWorkflowGraph('wf', [[START, [a, b]]]);
    let step = schedule(graph, initialSchedulerState(), { type: 'start', input: 0, branch: undefined });
    step = schedule(graph, step.state, { type: 'finished', node: 'a', result: out(1) });
    step = schedule(graph, step.state, { type: 'finished', node: 'b', result: out(2) });
    expect(step.conflictingTerminals).toEqual(['a', 'b']);
  });
});
