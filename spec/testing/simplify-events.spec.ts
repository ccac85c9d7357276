import { createEvent } from '../../lib/events/event.js';
import { simplifyEvents } from '../../lib/testing/simplify-events.js';

describe('simplifyEvents', () => {
  it('renders text, calls, responses, state-only and partial events one line each', () => {
    expect(
      simplifyEvents([
        createEvent({ author: 'weather_agent', content: { parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] } }),
        createEvent({ author: 'weather_agent', content: { parts: [{ functionResponse: { name: 'get_weather', response: { temp: 25 } } }] } }),
        createEvent({ author: 'weather_agent', content: { parts: [{ text: 'It is' }] }, partial: true }),
        createEvent({ author: 'weather_agent', content: { parts: [{ text: 'It is sunny.' }, { text: 'Bye.' }] } }),
        createEvent({ author: 'weather_agent', actions: { stateDelta: { k: 1 } } }),
        createEvent({ author: 'weather_agent' }),
      ]),
    ).toEqual([
      'weather_agent: call get_weather({"city":"Paris"})',
      'weather_agent: get_weather returned {"temp":25}',
      '~ weather_agent: It is',
      'weather_agent: It is sunny. | Bye.',
      'weather_agent: state {"k":1}',
      'weather_agent: (empty)',
    ]);
  });
});
