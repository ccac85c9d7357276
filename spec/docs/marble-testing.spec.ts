// The worked example of docs/marble-testing.md, kept as a test so that the guide stays true.
import { map } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { createPlugin, FunctionTool, InMemoryRunner, LlmAgent } from '../../lib/index.js';
import { ScriptedLlm, simplifyEvent } from '../../lib/testing/index.js';

const user = (text: string) => ({ role: 'user', parts: [{ text }] });

describe('docs/marble-testing.md', () => {
  it('pins down when each event arrives and in which order the callbacks ran', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    const log: string[] = [];
    const note = (what: string) => log.push(`${scheduler.now()} ${what}`);

    scheduler.run(({ cold, expectObservable }) => {
      // the model takes 2 frames to ask for the tool, then 3 frames to answer
      const model = new ScriptedLlm([
        cold('--r|', { r: { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] } } }),
        cold('---r|', { r: { content: { role: 'model', parts: [{ text: 'Sunny in Paris.' }] } } }),
      ]);
      // the tool takes 4 frames
      const getWeather = new FunctionTool({
        name: 'get_weather',
        description: 'Weather in a city.',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        execute: () => cold('----w|', { w: { sky: 'sunny' } }),
      });
      const agent = new LlmAgent({
        name: 'weather_agent',
        model,
        tools: [getWeather],
        beforeModelCallback: () => void note('beforeModel'),
        afterToolCallback: () => void note('afterTool'),
      });
      const audit = createPlugin({ name: 'audit', onEventCallback: (_ctx, event) => void note(`event ${event.author}`) });
      const runner = new InMemoryRunner({ agent, plugins: [audit], autoCreateSession: true });

      const events = runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('Weather in Paris?') }).pipe(map(simplifyEvent));

      expectObservable(events).toBe('--a---b--c|', {
        a: 'weather_agent: call get_weather({"city":"Paris"})',
        b: 'weather_agent: get_weather returned {"sky":"sunny"}',
        c: 'weather_agent: Sunny in Paris.',
      });
    });

    expect(log).toEqual(['0 beforeModel', '2 event weather_agent', '6 afterTool', '6 event weather_agent', '6 beforeModel', '9 event weather_agent']);
  });
});
