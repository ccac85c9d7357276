import { agentGraphDot } from '../../lib/server/agent-graph-dot.js';
import type { AgentStructure, GraphEdgeStructure, GraphNodeStructure } from '../../lib/server/graph-structure.js';

const agent = (name: string, extra: Partial<AgentStructure> = {}): AgentStructure => ({ name, type: 'agent', agent_class: 'LlmAgent', flow: 'transfer', ...extra });

describe('agentGraphDot', () => {
  it('draws one agent with no tools and no sub-agents as one node', () => {
    const dot = agentGraphDot(agent('solo'));
    expect(dot).toMatch(/^digraph "solo" \{\n/);
    expect(dot.match(/^ {2}"[^"]+" \[label/gm)).toHaveLength(1);
    expect(dot).not.toContain('->');
    expect(dot.endsWith('}\n')).toBe(true);
  });

  it('draws transfers, numbered sequence steps, and dashed tool edges; a tool shared by two agents is one node', () => {
    const tree = agent('root', {
      tools: [{ name: 'lookup', type: 'tool' }],
      sub_agents: [agent('steps', { flow: 'sequence', agent_class: 'SequentialAgent', sub_agents: [agent('a', { tools: [{ name: 'lookup', type: 'tool' }] }), agent('b')] })],
    });
    const dot = agentGraphDot(tree);
    expect(dot).toContain('"root" -> "tool:lookup" [style=dashed, dir=none];');
    expect(dot).toContain('"root" -> "steps" [label="  transfer"];');
    expect(dot).toContain('"steps" -> "a" [label="  1"];');
    expect(dot).toContain('"steps" -> "b" [label="  2"];');
    expect(dot).toContain('"a" -> "tool:lookup" [style=dashed, dir=none];');
    expect(dot.match(/^ {2}"tool:lookup" \[label="lookup"/gm)).toHaveLength(1);
  });

  it('lights a step, both ways, and a lone node; other parts stay plain', () => {
    const tree = agent('root', { tools: [{ name: 'lookup', type: 'tool' }], sub_agents: [agent('helper')] });
    const dot = agentGraphDot(tree, { highlights: [['tool:lookup', 'root'], ['helper', '']] });
    expect(dot).toMatch(/"root" -> "tool:lookup" \[style=dashed, dir=none, color="#0F9D58", penwidth=3\];/);
    expect(dot).toMatch(/^ {2}"helper" \[.*penwidth=3\];$/m);
    expect(dot).toMatch(/"root" -> "helper" \[label="  transfer"\];/);
  });

  it('escapes quotes, backslashes and line breaks in names, and switches palettes for dark mode', () => {
    const dot = agentGraphDot(agent('say "hi"\\\nbye'), { darkMode: true });
    expect(dot).toContain('digraph "say \\"hi\\"\\\\\\nbye" {');
    expect(dot).toContain('bgcolor="#0F172A"');
    expect(agentGraphDot(agent('x'))).toContain('bgcolor="#F8FAFC"');
  });
});

describe('agentGraphDot of a workflow', () => {
  const fn = (name: string): GraphNodeStructure => ({ name, type: 'function' });
  const start: GraphNodeStructure = { name: '__START__', type: 'start' };
  const ref = (n: GraphNodeStructure) => ({ name: n.name, type: n.type });
  const edge = (from: GraphNodeStructure, to: GraphNodeStructure, route?: GraphEdgeStructure['route']): GraphEdgeStructure => ({ from_node: ref(from), to_node: ref(to), ...(route === undefined ? {} : { route }) });
  const workflow = (name: string, nodes: GraphNodeStructure[], edges: GraphEdgeStructure[]): AgentStructure => ({ name, type: 'workflow', agent_class: 'Workflow', flow: 'graph', graph: { nodes: [start, ...nodes], edges } });
  const [a, b, c] = [fn('a'), fn('b'), fn('c')];

  it('draws a chain: START as a circle, one box per node, unlabelled edges in order', () => {
    const dot = agentGraphDot(workflow('chain', [a, b], [edge(start, a), edge(a, b)]));
    expect(dot).toMatch(/^digraph "chain" \{\n/);
    expect(dot).toContain('"__START__" [label="START", tooltip="Start", shape=circle');
    expect(dot).toContain('"a" [label="a", tooltip="Function"];');
    expect(dot).toContain('  "__START__" -> "a";\n  "a" -> "b";\n}');
    expect(dot).not.toContain('subgraph');
  });

  it('labels routed edges with their routes, DEFAULT_ROUTE as default, several joined', () => {
    const dot = agentGraphDot(workflow('routes', [a, b, c], [edge(start, a), edge(a, b, 'approve'), edge(a, c, ['revise', '__DEFAULT__']), edge(a, b, true)]));
    expect(dot).toContain('"a" -> "b" [label="  approve"];');
    expect(dot).toContain('"a" -> "c" [label="  revise | default"];');
    expect(dot).toContain('"a" -> "b" [label="  true"];');
  });

  it('draws a fan-out into a join as a funnel, a tool node dashed, a node class of the user\'s by its class', () => {
    const join: GraphNodeStructure = { name: 'merge', type: 'join' };
    const tool: GraphNodeStructure = { name: 'open_ticket', type: 'tool' };
    const custom: GraphNodeStructure = { name: 'double', type: 'node', node_class: 'Double' };
    const dot = agentGraphDot(workflow('fan', [a, b, join, tool, custom], [edge(start, a), edge(start, b), edge(a, join), edge(b, join), edge(join, tool), edge(tool, custom)]));
    expect(dot).toContain('"merge" [label="merge", tooltip="Join", shape=invtrapezium, style=filled];');
    expect(dot).toContain('"a" -> "merge";\n  "b" -> "merge";');
    expect(dot).toContain('"open_ticket" [label="open_ticket", tooltip="Tool", style="rounded,filled,dashed"];');
    expect(dot).toContain('"double" [label="double", tooltip="Double"];');
  });

  it('draws a parallel worker doubled with its width; a worker of an agent keeps the agent\'s tools', () => {
    const worker: GraphNodeStructure = { name: 'shout', type: 'parallel_worker', max_parallel_workers: 4, inner: fn('shout') };
    const agentWorker: GraphNodeStructure = { name: 'readers', type: 'parallel_worker', max_parallel_workers: 8, inner: agent('reader', { tools: [{ name: 'fetch_page', type: 'tool' }] }) };
    const dot = agentGraphDot(workflow('w', [worker, agentWorker], [edge(start, worker), edge(worker, agentWorker)]));
    expect(dot).toContain('"shout" [label="shout ×4", tooltip="Parallel worker: function shout, 4 at once", peripheries=2];');
    expect(dot).toContain('"readers" -> "tool:fetch_page" [style=dashed, dir=none];');
  });

  it('draws a nested workflow as a cluster entered through its START (the node\'s own id) and left from its last node', () => {
    const inner = workflow('research', [fn('gather'), fn('rank')], [edge(start, fn('gather')), edge(fn('gather'), fn('rank'))]);
    const deeper = workflow('deep', [inner], [edge(start, inner)]);
    const dot = agentGraphDot(workflow('outer', [a, deeper, b], [edge(start, a), edge(a, deeper, 'go'), edge(deeper, b)]));
    expect(dot).toMatch(/ {2}subgraph "cluster_deep" \{\n {4}graph \[label="deep", style="rounded,dashed"[^\n]*\n {4}"deep" \[label="START"[^\n]*\n {4}subgraph "cluster_deep\/research" \{\n[^\n]*label="research"[^\n]*\n {6}"deep\/research" \[label="START"[^\n]*\n {6}"deep\/research\/gather" \[label="gather"[^\n]*\n {6}"deep\/research\/rank" \[label="rank"[^\n]*\n {4}\}\n {2}\}/);
    expect(dot).toContain('"a" -> "deep" [label="  go", lhead="cluster_deep"];');
    expect(dot).toContain('"deep" -> "deep/research" [lhead="cluster_deep/research"];');
    expect(dot).toContain('"deep/research/rank" -> "b" [ltail="cluster_deep"];');
    expect(dot).toContain('"deep/research/gather" -> "deep/research/rank";');
  });

  it('keeps an agent node\'s tools and sub-agents, and draws a workflow below an agent as a cluster named for it', () => {
    const writer = agent('writer', { tools: [{ name: 'lookup', type: 'tool' }], sub_agents: [agent('editor')] });
    const wf = workflow('wf', [writer], [edge(start, writer)]);
    expect(agentGraphDot(wf)).toContain('"writer" -> "tool:lookup" [style=dashed, dir=none];\n  "writer" -> "editor" [label="  transfer"];');
    const desk = agentGraphDot(agent('desk', { sub_agents: [wf] }));
    expect(desk).toContain('subgraph "cluster_wf"');
    expect(desk).toContain('"desk" -> "wf" [label="  transfer", lhead="cluster_wf"];');
    expect(desk).toContain('"wf/writer" -> "wf/tool:lookup" [style=dashed, dir=none];');
  });

  it('lights the node a path names and every cluster around it, nothing else', () => {
    const inner = workflow('research', [fn('gather'), fn('rank')], [edge(start, fn('gather')), edge(fn('gather'), fn('rank'))]);
    const tree = workflow('outer', [a, inner, b], [edge(start, a), edge(a, inner), edge(inner, b)]);
    const lit = agentGraphDot(tree, { litPath: 'research/rank' });
    expect(lit).toMatch(/^ {4}"research\/rank" \[label="rank", tooltip="Function", color="#0F9D58", penwidth=3\];$/m);
    expect(lit).toMatch(/subgraph "cluster_research" \{\n {4}graph \[label="research", style="rounded,dashed", color="#0F9D58", penwidth=2.5/);
    expect(lit.match(/penwidth=3\]/g)).toHaveLength(1);
    expect(agentGraphDot(tree, { litPath: 'a' })).toMatch(/^ {2}"a" \[.*penwidth=3\];$/m);
    expect(agentGraphDot(tree, { litPath: 'a' })).not.toContain('penwidth=2.5');
    expect(agentGraphDot(tree, { litPath: '__START__' })).toMatch(/^ {2}"__START__" \[.*penwidth=3\];$/m);
    const worker = workflow('w', [{ name: 'shout', type: 'parallel_worker', max_parallel_workers: 8, inner: fn('shout') }], [edge(start, fn('shout'))]);
    expect(agentGraphDot(worker, { litPath: 'shout/shout' })).toMatch(/^ {2}"shout" \[.*penwidth=3\];$/m); // a worker's item lights the worker
    expect(agentGraphDot(tree, { litPath: 'nowhere' })).not.toContain('penwidth=3');
  });

  it('escapes node names, routes and cluster labels that need it', () => {
    const odd = fn('say "hi"\\now');
    const inner = workflow('in "side"', [odd], [edge(start, odd)]);
    const dot = agentGraphDot(workflow('q', [odd, inner], [edge(start, odd), edge(odd, inner, 'a "b"\nc')]));
    expect(dot).toContain('"say \\"hi\\"\\\\now" [label="say \\"hi\\"\\\\now", tooltip="Function"];');
    expect(dot).toContain('subgraph "cluster_in \\"side\\"" {');
    expect(dot).toContain('"in \\"side\\"/say \\"hi\\"\\\\now" [label="say \\"hi\\"\\\\now"');
    expect(dot).toContain('[label="  a \\"b\\"\\nc", lhead="cluster_in \\"side\\""];');
  });
});
