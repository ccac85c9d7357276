import { lastValueFrom, toArray, firstValueFrom } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { AgentTool } from '../../lib/runner/agent-tool.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { createPlugin } from '../../lib/plugins/create-plugin.js';
import { calls, text, user } from '../support/llm.js';

async function run(runner: InMemoryRunner, message: string) {
  return lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user(message) }).pipe(toArray()));
}

describe('AgentTool', () => {
  it('declares {request: string}, runs the agent in a child session and returns its final text', async () => {
    const inner = new ScriptedLlm([text('Welcome to Acme!')]);
    const greeter = new LlmAgent({ name: 'greeting_agent', description: 'Generates welcome messages for customers.', model: inner });
    const outer = new ScriptedLlm([calls({ name: 'greeting_agent', args: { request: 'new customer call' } }), text('Done.')]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'assistant', model: outer, tools: [new AgentTool({ agent: greeter })] }), autoCreateSession: true });
    const events = await run(runner, 'A customer is calling');
    expect(events.map(simplifyEvent)).toEqual([
      'assistant: call greeting_agent({"request":"new customer call"})',
      'assistant: greeting_agent returned {"result":"Welcome to Acme!"}',
      'assistant: Done.',
    ]);
    expect(outer.requests[0]!.config.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'greeting_agent',
            description: 'Generates welcome messages for customers.',
            parameters: { type: 'OBJECT', properties: { request: { type: 'STRING' } }, required: ['request'] },
          },
        ],
      },
    ]);
    expect(inner.requests[0]!.contents).toEqual([user('new customer call')]);
  });

  it('seeds the child with the caller\'s state and forwards the child\'s state changes', async () => {
    const inner = new ScriptedLlm([text('noted')]);
    const notes = new LlmAgent({ name: 'notes', description: 'Takes notes.', model: inner, instruction: 'The customer is {customer}.', outputKey: 'last_note' });
    const outer = new ScriptedLlm([calls({ name: 'notes', args: { request: 'note this' } }), text('ok')]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'assistant', model: outer, tools: [new AgentTool({ agent: notes })] }), appName: 'app' });
    await firstValueFrom(runner.sessionService.createSession({ appName: 'app', userId: 'u1', sessionId: 's1', state: { customer: 'Jane' } }));
    await run(runner, 'go');
    expect(String(inner.requests[0]!.config.systemInstruction)).toMatch(/^The customer is Jane\./);
    const session = await firstValueFrom(runner.sessionService.getSession({ appName: 'app', userId: 'u1', sessionId: 's1' }));
    expect(session!.state['last_note']).toBe('noted');
  });

  it('returns the validated outputSchema object, and skips summarisation when asked', async () => {
    const outputSchema = { type: 'object', properties: { score: { type: 'number' } }, required: ['score'] };
    const scorer = new LlmAgent({ name: 'scorer', description: 'Scores.', model: new ScriptedLlm([text('{"score": 0.9}')]), outputSchema });
    const outer = new ScriptedLlm([calls({ name: 'scorer', args: { request: 'rate it' } })]);
    const runner = new InMemoryRunner({
      agent: new LlmAgent({ name: 'assistant', model: outer, tools: [new AgentTool({ agent: scorer, skipSummarization: true })] }),
      autoCreateSession: true,
    });
    const events = await run(runner, 'go');
    expect(events.map(simplifyEvent)).toEqual(['assistant: call scorer({"request":"rate it"})', 'assistant: scorer returned {"score":0.9}']);
    expect(outer.callCount).toBe(1);
  });

  it('passes the caller\'s plugins to the child run', async () => {
    const seen: string[] = [];
    const plugin = createPlugin({ name: 'spy', beforeAgentCallback: (ctx) => void seen.push(ctx.agentName) });
    const inner = new LlmAgent({ name: 'inner', description: 'x', model: new ScriptedLlm([text('hi')]) });
    const outer = new ScriptedLlm([calls({ name: 'inner', args: { request: 'x' } }), text('ok')]);
    const runner = new InMemoryRunner({ agent: new LlmAgent({ name: 'outer', model: outer, tools: [new AgentTool({ agent: inner })] }), plugins: [plugin], autoCreateSession: true });
    await run(runner, 'go');
    expect(seen).toEqual(['outer', 'inner']);
  });
});
