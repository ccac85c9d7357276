import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { calls, text, user, weatherTool } from '../support/llm.js';

describe('callTools: tool lookup by name', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'a call of "%s" is an unknown tool, not an Object.prototype member',
    async (name) => {
      const model = new ScriptedLlm([calls({ name, args: {} }, { name: 'get_weather', args: { city: 'Paris' } }), text('ok')]);
      const agent = new LlmAgent({ name: 'agent', model, tools: [weatherTool()] });
      const runner = new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
      const events = await lastValueFrom(runner.runAsync({ userId: 'u1', sessionId: 's1', newMessage: user('go') }).pipe(toArray()));
      const [, response] = events;
      const [unknown, weather] = response!.content!.parts!.map((p) => p.functionResponse!);
      expect(unknown).toMatchObject({ name, response: { error: expect.stringContaining('not available') } });
      expect(weather).toMatchObject({ name: 'get_weather', response: { city: 'Paris', sky: 'sunny' } });
      expect(simplifyEvent(events[2]!)).toBe('agent: ok');
    },
  );
});
