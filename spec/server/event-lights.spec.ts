import { createEvent } from '../../lib/events/event.js';
import { eventLights } from '../../lib/server/event-lights.js';
import type { AgentStructure } from '../../lib/server/graph-structure.js';

const workflow: AgentStructure = { name: 'triage', type: 'workflow', agent_class: 'Workflow', flow: 'graph', graph: { nodes: [], edges: [] } };
const desk: AgentStructure = { name: 'desk', type: 'agent', agent_class: 'LlmAgent', flow: 'transfer' };

describe('eventLights', () => {
  it('lights a workflow event\'s node by its path, and its tool calls in the same scope', () => {
    expect(eventLights(workflow, createEvent({ author: 'research', nodeInfo: { path: 'triage@1/research@1/rank@1' } }))).toEqual({ path: 'research/rank', pairs: [] });
    const call = createEvent({ author: 'writer', nodeInfo: { path: 'triage@1/sub@1/writer@1' }, content: { role: 'model', parts: [{ functionCall: { name: 'lookup', args: {} } }] } });
    expect(eventLights(workflow, call)).toEqual({ path: 'sub/writer', pairs: [['sub/writer', 'sub/tool:lookup']] });
  });

  it('lights START for the user\'s message in a workflow app, and what ADK lights elsewhere', () => {
    expect(eventLights(workflow, createEvent({ author: 'user' }))).toEqual({ path: '__START__' });
    expect(eventLights(desk, createEvent({ author: 'user' }))).toEqual({ pairs: [['user', '']] });
    const result = createEvent({ author: 'desk', content: { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: {} } }] } });
    expect(eventLights(desk, result)).toEqual({ pairs: [['tool:lookup', 'desk']] });
  });
});
