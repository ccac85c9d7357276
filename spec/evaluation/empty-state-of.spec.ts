import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { emptyStateOf } from '../../lib/evaluation/empty-state-of.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';

describe('emptyStateOf (the state a case made from a session starts with)', () => {
  const model = () => new ScriptedLlm([]);

  it('an agent without placeholders: {}', () => {
    expect(emptyStateOf(new LlmAgent({ name: 'a', model: model(), instruction: 'Be brief.' }))).toEqual({});
    expect(emptyStateOf(new LlmAgent({ name: 'b', model: model() }))).toEqual({});
  });

  it("'' for every {key} of the agent and its sub-agents, without the initialized ones", () => {
    const child = new LlmAgent({ name: 'child', model: model(), instruction: 'Speak {language}; {user_name} again.' });
    const root = new LlmAgent({ name: 'root', model: model(), instruction: 'Greet {user_name}.', subAgents: [child] });
    expect(emptyStateOf(root)).toEqual({ language: '', user_name: '' });
    expect(emptyStateOf(root, { language: 'fr' })).toEqual({ user_name: '' });
  });

  it('an instruction function is not read', () => {
    expect(emptyStateOf(new LlmAgent({ name: 'f', model: model(), instruction: () => 'Hi {x}.' }))).toEqual({});
  });
});
