import { FinishReason } from '@google/genai';
import { lastValueFrom, toArray } from 'rxjs';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { RecordedModelPlugin } from '../../lib/conformance/index.js';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { START } from '../../lib/workflow/start.js';
import { Workflow } from '../../lib/workflow/workflow.js';
import { user } from '../support/llm.js';

const answer = (text: string): LlmResponse => ({ content: { role: 'model', parts: [{ text }] }, finishReason: FinishReason.STOP });

function run(plugin: RecordedModelPlugin) {
  // the agents' model is never called: the plugin answers first
  const a = new LlmAgent({ name: 'a', model: 'gemini-2.5-flash', instruction: 'A.' });
  const b = new LlmAgent({ name: 'b', model: 'gemini-2.5-flash', instruction: 'B.' });
  const runner = new InMemoryRunner({ agent: new Workflow({ name: 'wf', edges: [[START, a, b]] }), plugins: [plugin], autoCreateSession: true });
  return lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('go') }).pipe(toArray()));
}

describe('RecordedModelPlugin', () => {
  it('answers each agent\'s model calls with its own recorded answers, keeping their finish reason', async () => {
    const plugin = new RecordedModelPlugin(new Map([['b', [answer('from b')]], ['a', [answer('from a')]]]), 't');
    const events = await run(plugin);
    expect(events.map((e) => [e.author, e.content?.parts?.[0]?.text, e.finishReason])).toEqual([
      ['a', 'from a', 'STOP'],
      ['b', 'from b', 'STOP'],
    ]);
    expect(plugin.unused()).toEqual([]);
  });

  it('a call past an agent\'s recorded answers fails the run with a mismatch naming the test, the agent and the call', async () => {
    const plugin = new RecordedModelPlugin(new Map([['a', [answer('from a')]]]), 'sample/go');
    await expect(run(plugin)).rejects.toThrow('sample/go, agent b, model call #1: the recording holds 0 model answer(s) of this agent; rxadk asked for more');
  });

  it('says which answers were never asked for', async () => {
    const plugin = new RecordedModelPlugin(new Map([['a', [answer('1'), answer('2')]], ['b', [answer('3')]], ['c', [answer('4')]]]), 't');
    await run(plugin);
    expect(plugin.unused()).toEqual(['a: 1 of 2 recorded model answer(s) never asked for', 'c: 1 of 1 recorded model answer(s) never asked for']);
  });
});
