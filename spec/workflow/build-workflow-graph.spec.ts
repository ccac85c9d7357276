import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { buildWorkflowGraph } from '../../lib/workflow/build-workflow-graph.js';
import { DEFAULT_ROUTE } from '../../lib/workflow/default-route.js';
import { JoinNode } from '../../lib/workflow/join-node.js';
import { edgeTargets, nextTargets } from '../../lib/workflow/next-targets.js';
import type { NodeContext } from '../../lib/workflow/node-context.js';
import { node } from '../../lib/workflow/node.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { WorkflowGraphError } from '../../lib/workflow/workflow-graph-error.js';

const fn = (name: string) => node((_ctx: NodeContext, x: unknown) => x, { name });

function graphError(build: () => unknown): WorkflowGraphError {
  try {
    build();
  } catch (error) {
    if (error instanceof WorkflowGraphError) return error;
    throw error;
  }
  throw new Error('no WorkflowGraphError');
}

describe('buildWorkflowGraph', () => {
  const [a, b, c] = ['a', 'b', 'c'].map(fn);

  it('builds chains, fan-outs and routing maps into edges; the same object is one node', () => {
    const graph = buildWorkflowGraph('wf', [[START, a, [b, c]], [b, { again: a, [DEFAULT_ROUTE]: c }]]);
    expect(graph.edges).toEqual([
      { from: START, to: 'a', routes: undefined },
      { from: 'a', to: 'b', routes: undefined },
      { from: 'a', to: 'c', routes: undefined },
      { from: 'b', to: 'a', routes: ['again'] },
      { from: 'b', to: 'c', routes: [DEFAULT_ROUTE] },
    ]);
    expect([...graph.terminals]).toEqual(['c']);
    expect(graph.predecessors.get('c')).toEqual(['a', 'b']);
  });

  it('gives every node a slot at the build: its index in the order of the nodes, and what the scheduler asks about it', () => {
    const waits = node(() => 1, { name: 'waits', waitForOutput: true });
    const graph = buildWorkflowGraph('wf', [[START, a, [b, waits]], [b, { again: a, [DEFAULT_ROUTE]: c }]]);
    expect([...graph.slots.keys()]).toEqual([...graph.nodes.keys()]);
    expect([...graph.slots.values()].map((slot) => [slot.name, slot.index, slot.isJoin, slot.terminal, slot.waitForOutput])).toEqual([
      ['a', 0, false, false, false],
      ['b', 1, false, false, false],
      ['waits', 2, false, true, true],
      ['c', 3, false, true, false],
    ]);
    for (const slot of graph.slots.values()) expect(Object.isFrozen(slot)).toBe(true);
  });

  it("makes each join's predecessor shape at the build (their order, slots and input keys), and none for other nodes", () => {
    const join = new JoinNode({ name: 'join' });
    const graph = buildWorkflowGraph('wf', [[START, a, [b, c], join]]);
    expect([...graph.slots.values()].filter((slot) => slot.joinShape !== undefined).map((slot) => [slot.name, slot.isJoin])).toEqual([['join', true]]);
    const shape = graph.slots.get('join')!.joinShape!;
    expect(shape.predecessors).toEqual(['b', 'c']);
    expect([...shape.slots]).toEqual([['b', 0], ['c', 1]]);
    expect(Object.keys(shape.template)).toEqual(['b', 'c']);
  });

  it("fixes the targets of the nodes without routed edges at the build: nextTargets' answer, whatever the routes", () => {
    const graph = buildWorkflowGraph('wf', [[START, a, [b, c]], [b, { again: a, [DEFAULT_ROUTE]: c }]]);
    expect([...graph.slots.values()].filter((slot) => slot.fixedTargets !== undefined).map((slot) => slot.name)).toEqual(['a', 'c']);
    expect(graph.slots.get('b')!.fixedTargetSlots).toBeUndefined();
    for (const name of ['a', 'c']) {
      const edges = graph.outgoing.get(name) ?? [];
      for (const routes of [[], ['again'], [1, 'x']]) expect(nextTargets(graph.slots.get(name)!, routes)).toEqual(edgeTargets(edges, routes));
      const slot = graph.slots.get(name)!;
      expect(Object.isFrozen(slot.fixedTargets!.targets)).toBe(true);
      // the targets' own slots, in the same order
      expect(slot.fixedTargetSlots).toEqual(slot.fixedTargets!.targets.map((target) => graph.slots.get(target)));
      for (const target of slot.fixedTargetSlots!) expect(target).toBe(graph.slots.get(target.name));
    }
    const slot = (name: string) => graph.slots.get(name)!;
    expect(nextTargets(slot('a'), ['x'])).toEqual({ targets: ['b', 'c'], unmatched: false });
    expect(nextTargets(slot('c'), [])).toEqual({ targets: [], unmatched: false });
    expect(nextTargets(slot('b'), ['again'])).toEqual({ targets: ['a'], unmatched: false });
    // a routed node's targets come from its own outgoing edges, the graph's for it
    expect(slot('b').outgoing).toBe(graph.outgoing.get('b'));
    expect(nextTargets(slot('b'), ['nope'])).toEqual({ targets: ['c'], unmatched: false });
  });

  it('names nodes after functions, agents and tools', () => {
    function fetch_weather() { return 1; }
    const agent = new LlmAgent({ name: 'writer', model: new ScriptedLlm([]) });
    const tool = new FunctionTool({ name: 'lookup', description: 'x', execute: () => 1 });
    const graph = buildWorkflowGraph('wf', [[START, fetch_weather, agent, tool]]);
    expect([...graph.nodes.keys()]).toEqual(['fetch_weather', 'writer', 'lookup']);
  });

  it('refuses duplicate names, naming them', () => {
    const e = graphError(() => buildWorkflowGraph('wf', [[START, fn('x'), fn('x')]]));
    expect(e.names).toEqual(['x']);
    expect(e.message).toMatch(/two different nodes are named "x"/);
  });

  it('refuses unreachable nodes, naming them', () => {
    const e = graphError(() => buildWorkflowGraph('wf', [[START, a], [b, c]]));
    expect(e.names).toEqual(['b', 'c']);
    expect(e.message).toMatch(/unreachable nodes "b", "c"/);
  });

  it('refuses an unconditional cycle, but accepts a routed loop', () => {
    const e = graphError(() => buildWorkflowGraph('wf', [[START, a, b, a]]));
    expect(e.names).toEqual(['a', 'b', 'a']);
    expect(() => buildWorkflowGraph('wf', [[START, a, { again: a }]])).not.toThrow();
  });

  it('refuses routing-map values that are not nodes, naming the route', () => {
    const e = graphError(() => buildWorkflowGraph('wf', [[START, a, { approve: 'send' as never }]]));
    expect(e.names).toEqual(['approve']);
    expect(e.message).toMatch(/routing-map value for route "approve" is not a node/);
  });

  it('refuses anonymous functions, a graph without START and edges into START', () => {
    expect(graphError(() => buildWorkflowGraph('wf', [[START, (() => 1) as never]])).message).toMatch(/anonymous function/);
    expect(graphError(() => buildWorkflowGraph('wf', [[a, b]])).message).toMatch(/no edge leaves START/);
    expect(graphError(() => buildWorkflowGraph('wf', [[START, a, START as never]])).message).toMatch(/into START/);
  });

  it('is what new Workflow checks, with the workflow named in the error', () => {
    expect(() => new Workflow({ name: 'pipeline', edges: [[START, a], [b]] })).toThrow(/Workflow "pipeline": unreachable node "b"/);
  });
});
