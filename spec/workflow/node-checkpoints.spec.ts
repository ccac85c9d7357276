import { createEvent } from '../../lib/events/event.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { applyNodeCheckpoints, checkpointedNodeStatuses } from '../../lib/workflow/apply-node-checkpoints.js';
import { buildWorkflowGraph } from '../../lib/workflow/build-workflow-graph.js';
import { node } from '../../lib/workflow/node.js';
import { NodeStatus } from '../../lib/workflow/node-status.js';
import type { RecordedNodeRun } from '../../lib/workflow/recorded-node-run.js';
import { initialSchedulerState, schedule, type NodeRunResult } from '../../lib/workflow/schedule.js';
import { START } from '../../lib/workflow/start.js';

const fn = (name: string, options = {}) => node((_ctx: NodeContext, x: unknown) => x, { name, ...options });
const out = (output: unknown, interruptIds: string[] = [], replayed?: boolean): NodeRunResult =>
  ({ output, hasOutput: output !== undefined, routes: [], interruptIds, branch: undefined, ...(replayed ? { replayed } : {}) });
const { RUNNING, COMPLETED, WAITING } = NodeStatus;

describe('node states for checkpoints (schedule with trackNodeStates)', () => {
  const a = fn('a');
  const graph = buildWorkflowGraph('wf', [[START, a, fn('b')], [a, fn('w', { waitForOutput: true })]]);

  it('is empty unless tracked (an app that is not resumable pays nothing)', () => {
    const step = schedule(graph, initialSchedulerState(), { type: 'start', input: 'go', branch: undefined });
    expect(step.state.nodeStates.size).toBe(0);
  });

  it('marks started runs RUNNING with their run number, finished ones COMPLETED, a paused one WAITING with its requests', () => {
    let step = schedule(graph, initialSchedulerState(), { type: 'start', input: 'go', branch: undefined }, Infinity, true);
    expect(Object.fromEntries(step.state.nodeStates)).toEqual({ a: { status: RUNNING, interrupts: [], run_id: '1' } });
    expect(step.settled).toBeUndefined();
    step = schedule(graph, step.state, { type: 'finished', node: 'a', result: out('A') }, Infinity, true);
    expect(step.settled).toBe(true);
    expect(Object.fromEntries(step.state.nodeStates)).toEqual({
      a: { status: COMPLETED, interrupts: [], run_id: '1' },
      b: { status: RUNNING, interrupts: [], run_id: '1' },
      w: { status: RUNNING, interrupts: [], run_id: '1' },
    });
    step = schedule(graph, step.state, { type: 'finished', node: 'b', result: out(undefined, ['r-1']) }, Infinity, true);
    step = schedule(graph, step.state, { type: 'finished', node: 'w', result: out(undefined) }, Infinity, true);
    expect(step.state.nodeStates.get('b')).toEqual({ status: WAITING, interrupts: ['r-1'], run_id: '1' });
    expect(step.state.nodeStates.get('w')).toEqual({ status: WAITING, interrupts: [], run_id: '1' });
  });

  it('a fast-forwarded (replayed) result updates the states but is not settled: no checkpoint is due for it', () => {
    let step = schedule(graph, initialSchedulerState(), { type: 'start', input: 'go', branch: undefined }, Infinity, true);
    step = schedule(graph, step.state, { type: 'finished', node: 'a', result: out('A', [], true) }, Infinity, true);
    expect(step.settled).toBeUndefined();
    expect(step.state.nodeStates.get('a')!.status).toBe(COMPLETED);
  });
});

describe('checkpointedNodeStatuses and applyNodeCheckpoints', () => {
  const checkpoint = (invocationId: string, nodes: unknown, extra = {}) =>
    createEvent({ invocationId, author: 'wf', actions: { agentState: { nodes } as Record<string, unknown> }, ...extra });
  const recorded = (run: Partial<RecordedNodeRun>): RecordedNodeRun => ({ finished: true, hasOutput: false, output: undefined, fromMessage: false, routes: [], interruptIds: [], branch: undefined, ...run });

  it('folds the latest status of each run of this invocation and this workflow, skipping others and malformed entries', () => {
    const events = [
      checkpoint('e-1', { a: { status: RUNNING, interrupts: [], run_id: '1' } }),
      checkpoint('e-1', { a: { status: COMPLETED, interrupts: [], run_id: '1' }, b: { status: RUNNING, interrupts: [], run_id: '1' }, bad: { status: 'x' }, worse: null }),
      checkpoint('e-2', { b: { status: COMPLETED, interrupts: [], run_id: '1' } }),
      createEvent({ invocationId: 'e-1', author: 'other', actions: { agentState: { nodes: { c: { status: RUNNING, run_id: '1', interrupts: [] } } } } }),
      checkpoint('e-1', { a: { status: RUNNING, interrupts: [], run_id: '2' } }),
      checkpoint('e-1', { z: { status: COMPLETED, interrupts: [], run_id: '1' } }, { nodeInfo: { path: 'wf@1/z@1' } }),
    ];
    expect(Object.fromEntries(checkpointedNodeStatuses(events, 'e-1', 'wf', 'wf@1'))).toEqual({ 'wf@1/a@1': COMPLETED, 'wf@1/b@1': RUNNING, 'wf@1/a@2': RUNNING });
    expect(checkpointedNodeStatuses([], 'e-1', 'wf', 'wf@1').size).toBe(0);
  });

  it('a COMPLETED run is finished even without an event; a RUNNING one with no output, route or request runs again; others are kept', () => {
    const history = new Map<string, RecordedNodeRun>([
      ['wf@1/b@1', recorded({})],
      ['wf@1/c@1', recorded({ hasOutput: true, output: 'C' })],
      ['wf@1/d@1', recorded({ finished: false, interruptIds: ['r-1'] })],
      ['wf@1/e@1', recorded({ routes: ['x'] })],
    ]);
    const statuses = new Map([['wf@1/a@1', COMPLETED], ['wf@1/b@1', RUNNING], ['wf@1/c@1', RUNNING], ['wf@1/d@1', COMPLETED], ['wf@1/e@1', RUNNING]] as const);
    const runs = applyNodeCheckpoints(history, new Map(statuses));
    expect(runs.get('wf@1/a@1')).toEqual(recorded({}));
    expect(runs.has('wf@1/b@1')).toBe(false);
    expect(runs.get('wf@1/c@1')).toBe(history.get('wf@1/c@1'));
    expect(runs.get('wf@1/d@1')).toBe(history.get('wf@1/d@1'));
    expect(runs.get('wf@1/e@1')).toBe(history.get('wf@1/e@1'));
    expect(applyNodeCheckpoints(history, new Map())).toBe(history);
  });
});
