import { agentStructure } from '../../lib/server/agent-structure.js';
import { structureAt } from '../../lib/server/structure-at.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { rootAgent as triage } from '../fixtures/workflows/triage/agent.js';

describe('structureAt', () => {
  const tree = agentStructure(triage);

  it('finds the root, a node, a nested workflow\'s node, and a worker\'s inner node, with or without the root\'s name and run numbers', () => {
    expect(structureAt(tree, '')).toBe(tree);
    expect(structureAt(tree, 'triage')).toBe(tree);
    expect(structureAt(tree, 'research')?.type).toBe('workflow');
    expect(structureAt(tree, 'triage/research/rank')).toEqual({ name: 'rank', type: 'function' });
    expect(structureAt(tree, 'triage@1/research@1/rank@2')).toEqual({ name: 'rank', type: 'function' });
    expect(structureAt(tree, 'shout/upper')).toEqual({ name: 'upper', type: 'function' });
  });

  it('answers undefined for what is not there (START is not a place to go)', () => {
    expect(structureAt(tree, 'nowhere')).toBeUndefined();
    expect(structureAt(tree, 'classify/deeper')).toBeUndefined();
    expect(structureAt(tree, '__START__')).toBeUndefined();
  });

  it('walks sub-agents into a workflow below an agent', () => {
    const desk = agentStructure(new LlmAgent({ name: 'desk', model: 'm', subAgents: [triage] }));
    expect(structureAt(desk, 'desk/triage/research')?.name).toBe('research');
  });
});
