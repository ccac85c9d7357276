import { graphPathOf } from '../../lib/server/graph-path-of.js';
import type { AgentStructure } from '../../lib/server/graph-structure.js';

const workflow: AgentStructure = { name: 'triage', type: 'workflow', agent_class: 'Workflow', flow: 'graph', graph: { nodes: [], edges: [] } };
const agent: AgentStructure = { name: 'desk', type: 'agent', agent_class: 'LlmAgent', flow: 'transfer' };

describe('graphPathOf', () => {
  it('drops run numbers and the root workflow\'s own segment', () => {
    expect(graphPathOf(workflow, 'triage@1/classify@1')).toBe('classify');
    expect(graphPathOf(workflow, 'triage@1/research@2/rank@13')).toBe('research/rank');
    expect(graphPathOf(workflow, 'triage@1')).toBe('');
    expect(graphPathOf(workflow, '')).toBe('');
  });

  it('keeps a workflow\'s name when it runs below an agent (its paths start at it)', () => {
    expect(graphPathOf(agent, 'wf@1/a@1')).toBe('wf/a');
  });

  it('leaves names with @ inside alone, and a root of another name untouched', () => {
    expect(graphPathOf(workflow, 'triage@1/mail@home@2')).toBe('mail@home');
    expect(graphPathOf(workflow, 'other@1/a@1')).toBe('other/a');
  });
});
