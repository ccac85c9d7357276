import { foldAgentStates, foldAgentStatesFrom, NO_AGENT_STATES, type AgentTreeNode } from '../../lib/context/agent-states.js';
import { InvocationContext } from '../../lib/context/invocation-context.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
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

describe('foldAgentStatesFrom (the incremental fold) and InvocationContext.agentStates', () => {
  const pool = [
    () => state('loop', { current_sub_agent: 'seq', times_looped: 1 }),
    () => state('seq', { current_sub_agent: 'a' }),
    () => state('seq', { current_sub_agent: 'b' }),
    () => end('a'),
    () => end('b'),
    () => end('seq'),
    () => end('c'),
    () => said('a'),
    () => state('seq', { current_sub_agent: 'a' }, 'i0'),
    () => end('loop', 'i2'),
  ];
  let seed = 7;
  const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);

  it('carrying a fold on from any split point gives the fold of every event (200 random sessions)', () => {
    for (let run = 0; run < 200; run++) {
      const events = Array.from({ length: random(12) }, () => pool[random(pool.length)]!());
      const split = random(events.length + 1);
      const whole = foldAgentStates(events, 'i1', tree);
      const carried = foldAgentStatesFrom(foldAgentStates(events.slice(0, split), 'i1', tree), events, split, 'i1', tree);
      expect([Object.fromEntries(carried.states), [...carried.ended].sort()]).toEqual([Object.fromEntries(whole.states), [...whole.ended].sort()]);
    }
  });

  it('nothing new (or nothing of the invocation): the previous fold itself, unchanged', () => {
    const previous = foldAgentStates([state('seq', { current_sub_agent: 'a' })], 'i1', tree);
    expect(foldAgentStatesFrom(previous, [state('seq', { current_sub_agent: 'a' })], 1, 'i1', tree)).toBe(previous);
    expect(foldAgentStatesFrom(previous, [state('seq', {}), said('a'), end('x', 'i0')], 1, 'i1', tree)).toBe(previous);
    const next = foldAgentStatesFrom(previous, [state('seq', { current_sub_agent: 'a' }), end('a')], 1, 'i1', tree);
    expect([...next.ended]).toEqual(['a']);
    expect([...previous.ended]).toEqual([]);
  });

  it("an invocation's context folds only what was committed since its last call, and sees each new event", () => {
    const session = { id: 's', appName: 'app', userId: 'u', state: {}, events: [state('seq', { current_sub_agent: 'a' }, 'inv')], lastUpdateTime: 0 };
    const ctx = new InvocationContext({ session, sessionService: new InMemorySessionService(), agent: agentTree(), invocationId: 'inv', resumable: true });
    const first = ctx.agentStates();
    expect(Object.fromEntries(first.states)).toEqual({ seq: { current_sub_agent: 'a' } });
    expect(ctx.forAgent(ctx.agent).agentStates()).toBe(first);
    session.events.push(end('a', 'inv'));
    expect([...ctx.agentStates().ended]).toEqual(['a']);
    expect(new InvocationContext({ session, sessionService: new InMemorySessionService(), agent: agentTree(), invocationId: 'inv' }).agentStates()).toBe(NO_AGENT_STATES);
  });
});

/** A real agent tree (seq of a and b) for an InvocationContext. */
function agentTree() {
  return new SequentialAgent({ name: 'seq', subAgents: [new LlmAgent({ name: 'a', model: new ScriptedLlm([]) }), new LlmAgent({ name: 'b', model: new ScriptedLlm([]) })] });
}
