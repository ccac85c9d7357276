import { EMPTY } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import { createEvent } from '../../lib/events/event.js';
import { selectAgentForTurn } from '../../lib/runner/select-agent-for-turn.js';
import { newSession } from '../../lib/sessions/session.js';
import { FnAgent } from '../support/fn-agent.js';

const session = (...authors: Array<string | ReturnType<typeof createEvent>>) =>
  newSession({ id: 's', appName: 'a', userId: 'u', events: authors.map((a) => (typeof a === 'string' ? createEvent({ author: a }) : a)) });

describe('selectAgentForTurn', () => {
  const build = () => {
    const leaf = new LlmAgent({ name: 'leaf' });
    const strict = new LlmAgent({ name: 'strict', disallowTransferToParent: true });
    const mid = new LlmAgent({ name: 'mid', subAgents: [leaf] });
    const custom = new FnAgent({ name: 'custom', body: () => EMPTY });
    const seq = new SequentialAgent({ name: 'seq', subAgents: [new LlmAgent({ name: 'in_seq' })] });
    const root = new LlmAgent({ name: 'root', subAgents: [mid, strict, custom, seq] });
    return { root, leaf, mid };
  };

  it('starts with the root in a new session', () => {
    const { root } = build();
    expect(selectAgentForTurn(root, session('user'))).toBe(root);
  });

  it('continues with the last speaker when it and its ancestors allow transfer to their parent', () => {
    const { root, leaf } = build();
    expect(selectAgentForTurn(root, session('user', 'leaf', 'user'))).toBe(leaf);
  });

  it('falls back to the root when the last speaker disallows transfer to its parent, or is not an LLM agent', () => {
    const { root } = build();
    expect(selectAgentForTurn(root, session('user', 'strict', 'user'))).toBe(root);
    expect(selectAgentForTurn(root, session('user', 'custom', 'user'))).toBe(root);
    expect(selectAgentForTurn(root, session('user', 'in_seq', 'user'))).toBe(root);
  });

  it('skips authors that are not in the tree', () => {
    const { root, mid } = build();
    expect(selectAgentForTurn(root, session('mid', 'stranger', 'user'))).toBe(mid);
  });

  it('sends a function response to the agent that made the matching call', () => {
    const { root } = build();
    const call = createEvent({ author: 'strict', content: { role: 'model', parts: [{ functionCall: { id: 'lr-1', name: 'approve', args: {} } }] } });
    const later = createEvent({ author: 'leaf', content: { role: 'model', parts: [{ text: 'meanwhile' }] } });
    const answer = createEvent({ author: 'user', content: { role: 'user', parts: [{ functionResponse: { id: 'lr-1', name: 'approve', response: {} } }] } });
    expect(selectAgentForTurn(root, session('user', call, later, answer)).name).toBe('strict');
  });
});
