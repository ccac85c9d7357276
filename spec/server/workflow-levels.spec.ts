import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { agentStructure } from '../../lib/server/agent-structure.js';
import { workflowLevels } from '../../lib/server/workflow-levels.js';
import { ParallelWorker } from '../../lib/workflow/parallel-worker.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { rootAgent as triage } from '../fixtures/workflows/triage/agent.js';

describe('workflowLevels', () => {
  it('lists each nested workflow with its path and adk-web\'s key; none for an agent tree without workflows', () => {
    expect(workflowLevels(agentStructure(triage)).map(({ path, key, structure }) => [path, key, structure.name])).toEqual([['research', 'triage/research', 'research']]);
    expect(workflowLevels(agentStructure(new LlmAgent({ name: 'solo', model: 'm' })))).toEqual([]);
  });

  it('goes deeper, into workers of workflows, and below agents (where adk-web drops the workflow\'s own name)', () => {
    const leaf = new Workflow({ name: 'leaf', edges: [[START, function one() { return 1; }]] });
    const middle = new Workflow({ name: 'middle', edges: [[START, leaf]] });
    const each = new ParallelWorker(new Workflow({ name: 'per_item', edges: [[START, function two() { return 2; }]] }), { name: 'each' });
    const top = new Workflow({ name: 'top', edges: [[START, middle, each]] });
    expect(workflowLevels(agentStructure(top)).map(({ path, key }) => [path, key])).toEqual([
      ['middle', 'top/middle'],
      ['middle/leaf', 'top/middle/leaf'],
      ['each/per_item', 'top/each/per_item'],
    ]);
    const desk = agentStructure(new LlmAgent({ name: 'desk', model: 'm', subAgents: [top] }));
    expect(workflowLevels(desk).map(({ path, key }) => [path, key])).toEqual([
      ['top/middle', 'desk/middle'],
      ['top/middle/leaf', 'desk/middle/leaf'],
      ['top/each/per_item', 'desk/each/per_item'],
    ]);
  });
});
