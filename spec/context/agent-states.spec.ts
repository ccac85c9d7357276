import { foldAgentStates, type AgentTreeNode } from '../../lib/context/agent-states.js';
import { createEvent, type Event } from '../../lib/events/event.js';

const node = (name: string, ...subAgents: AgentTreeNode[]): AgentTreeNode => ({ name, subAgents });
const tree = node('loop', node('seq', node('a'), node('b')), node('c'));
const state = (author: string, agentState: Record<string, unknown>, invocationId = 'i1'): Event => createEvent({ author, invocationId, actions: { agentState } });
const end = (author: string, invocationId = 'i1'): Event => createEvent({ author, invocationId, actions: { endOfAgent: true } });
const said = (author: string): Event => createEvent({ author, invocationId: 'i1', content: { role: 'model', parts: [{ text: 'x' }] } });
const fold = (events: Event[]) => {
  const { states, ended } = foldAgentStates(events, 'i1', tree);
  return { states: Object.fromEntries(states), ended: [...ended].sort() };
};

describe('foldAgentStates', () => {
  it('no events, or none of the invocation: no state, nothing ended', () => {
    expect(fold([])).toEqual({ states: {}, ended: [] });
    expect(fold([state('seq', { current_sub_agent: 'a' }, 'i0'), end('a', 'i0')])).toEqual({ states: {}, ended: [] });
  });

  it('the latest state of each agent that has not ended; ended agents lose their state; other events change nothing', () => {
    expect(fold([state('seq', { current_sub_agent: 'a' }), said('a'), end('a')])).toEqual({ states: { seq: { current_sub_agent: 'a' } }, ended: ['a'] });
    expect(fold([state('seq', { current_sub_agent: 'a' }), end('a'), end('seq')])).toEqual({ states: {}, ended: ['a', 'seq'] });
  });

  it('a checkpoint restarts the agent\'s descendants (a loop\'s next pass), not its siblings', () => {
    expect(fold([end('c'), state('seq', { current_sub_agent: 'a' }), end('a'), state('seq', { current_sub_agent: 'b' })])).toEqual({
      states: { seq: { current_sub_agent: 'b' } },
      ended: ['c'],
    });
    const pass1 = [state('loop', { current_sub_agent: 'c', times_looped: 0 }), end('c'), state('seq', { current_sub_agent: 'b' }), end('b'), end('seq')];
    expect(fold(pass1).ended).toEqual(['b', 'c', 'seq']);
    expect(fold([...pass1, state('loop', { current_sub_agent: 'seq', times_looped: 1 })])).toEqual({
      states: { loop: { current_sub_agent: 'seq', times_looped: 1 } },
      ended: [],
    });
  });

  it('an agent that is not in the tree is kept by name (a removed agent stops nothing)', () => {
    expect(fold([state('gone', {}), end('other')])).toEqual({ states: { gone: {} }, ended: ['other'] });
  });
});
