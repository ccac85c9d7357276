import { agentGraphDot } from '../../lib/server/agent-graph-dot.js';
import type { AgentStructure } from '../../lib/server/agent-structure.js';

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
    expect(dot).toContain('"root" -> "lookup" [style=dashed, dir=none];');
    expect(dot).toContain('"root" -> "steps" [label="  transfer"];');
    expect(dot).toContain('"steps" -> "a" [label="  1"];');
    expect(dot).toContain('"steps" -> "b" [label="  2"];');
    expect(dot).toContain('"a" -> "lookup" [style=dashed, dir=none];');
    expect(dot.match(/^ {2}"lookup" \[label/gm)).toHaveLength(1);
  });

  it('lights a step, both ways, and a lone node; other parts stay plain', () => {
    const tree = agent('root', { tools: [{ name: 'lookup', type: 'tool' }], sub_agents: [agent('helper')] });
    const dot = agentGraphDot(tree, { highlights: [['lookup', 'root'], ['helper', '']] });
    expect(dot).toMatch(/"root" -> "lookup" \[style=dashed, dir=none, color="#0F9D58", penwidth=3\];/);
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
