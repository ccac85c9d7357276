import { OpenAiLlm } from '../../lib/openai/openai-llm.js';
import { OpenAiStandIn } from '../../lib/testing/openai-stand-in.js';
import { askForWeather } from '../support/weather-agent-requests.js';

describe('the JSON OpenAI receives for the seed weather agent', () => {
  let standIn: OpenAiStandIn;
  afterEach(() => standIn.close());

  it('pins the first call (system + user + tools) and the second (+ assistant tool_calls + tool result)', async () => {
    standIn = await OpenAiStandIn.start({
      script: [OpenAiStandIn.toolCalls([{ id: 'call_bj', name: 'get_weather', args: { city: 'Beijing' } }]), OpenAiStandIn.text('Sunny, 25°C.')],
    });
    await askForWeather(new OpenAiLlm({ model: 'gpt-4o-mini', apiKey: 'test', baseURL: `${standIn.baseUrl}/v1`, maxRetries: 0 }));
    const [first, second] = standIn.requests.map((r) => r.body as { messages: unknown[] });
    const system = 'You are a weather assistant. Use get_weather to answer questions about the weather.\n\nYou are an agent. Your internal name is "weather_agent".';
    const tools = [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Returns the current weather in a city.',
          parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name' } }, required: ['city'] },
        },
      },
    ];
    expect(first).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'What is the weather in Beijing?' },
      ],
      tools,
    });
    expect(second).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'What is the weather in Beijing?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_bj', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Beijing"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_bj', content: '{"city":"Beijing","temp":25,"weather":"sunny"}' },
      ],
      tools,
    });
  });
});
