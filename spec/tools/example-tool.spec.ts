import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { ExampleTool, examplesInstruction } from '../../lib/tools/example-tool.js';
import { text, user } from '../support/llm.js';

const examples = [
  {
    input: { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] },
    output: [
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris', days: 2 } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { sky: 'sunny' } } }] },
      { role: 'model', parts: [{ text: 'Sunny.' }] },
    ],
  },
];

describe('ExampleTool', () => {
  it('formats examples as ADK does', () => {
    expect(examplesInstruction(examples, 'gemini-2.5-flash')).toBe(
      '<EXAMPLES>\nBegin few-shot\nThe following are examples of user queries and model responses using the available tools.\n\n' +
        'EXAMPLE 1:\nBegin example\n[user]\nWhat is the weather in Paris?\n' +
        "[model]\n```\nget_weather(city='Paris', days=2)\n```\n" +
        "[user]\n```\n{'will_continue': None, 'scheduling': None, 'parts': None, 'id': None, 'name': 'get_weather', 'response': {'sky': 'sunny'}}\n```\n" +
        '[model]\nSunny.\n' +
        'End example\n\nEnd few-shot\n<EXAMPLES>',
    );
    expect(examplesInstruction(examples, 'gemini-1.5-pro')).toContain("```tool_code\nget_weather(city='Paris', days=2)\n```");
  });

  it('appends the examples to the system instruction of a model call', async () => {
    const model = new ScriptedLlm([text('ok')], { model: 'gemini-2.5-flash' });
    const agent = new LlmAgent({ name: 'a', model, instruction: 'Be brief.', tools: [new ExampleTool(examples)] });
    await lastValueFrom(new InMemoryRunner({ agent, autoCreateSession: true }).runAsync({ userId: 'u', sessionId: 's', newMessage: user('hi') }).pipe(toArray()));
    expect(String(model.requests[0]!.config.systemInstruction)).toMatch(/^Be brief\.\n\nYou are an agent\. .*\n\n<EXAMPLES>\nBegin few-shot\n[\s\S]*End few-shot\n<EXAMPLES>$/);
    expect(model.requests[0]!.config.tools).toBeUndefined();
  });
});
