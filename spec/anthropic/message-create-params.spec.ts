import { AnthropicLlm } from '../../lib/anthropic/anthropic-llm.js';
import { AnthropicStandIn } from '../../lib/testing/anthropic-stand-in.js';
import { askForWeather } from '../support/weather-agent-requests.js';

describe('the JSON Anthropic receives for the seed weather agent', () => {
  let standIn: AnthropicStandIn;
  afterEach(() => standIn.close());

  it('pins the first call (system + user + tools) and the second (+ tool_use + tool_result)', async () => {
    standIn = await AnthropicStandIn.start({
      script: [AnthropicStandIn.toolUses([{ id: 'toolu_bj', name: 'get_weather', input: { city: 'Beijing' } }]), AnthropicStandIn.text('Sunny, 25°C.')],
    });
    await askForWeather(new AnthropicLlm({ model: 'claude-sonnet-5-5', apiKey: 'test', baseURL: standIn.baseUrl, maxRetries: 0 }));
    const [first, second] = standIn.requests.map((r) => r.body as { system: string });
    const system = 'You are a weather assistant. Use get_weather to answer questions about the weather.\n\nYou are an agent. Your internal name is "weather_agent".';
    const tools = [
      {
        name: 'get_weather',
        description: 'Returns the current weather in a city.',
        input_schema: { type: 'object', properties: { city: { type: 'string', description: 'The city name' } }, required: ['city'] },
      },
    ];
    const question = { role: 'user', content: [{ type: 'text', text: 'What is the weather in Beijing?' }] };
    expect(first).toEqual({ model: 'claude-sonnet-5-5', max_tokens: 8192, system, messages: [question], tools });
    expect(second).toEqual({
      model: 'claude-sonnet-5-5',
      max_tokens: 8192,
      system,
      messages: [
        question,
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_bj', name: 'get_weather', input: { city: 'Beijing' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_bj', content: '{"city":"Beijing","temp":25,"weather":"sunny"}' }] },
      ],
      tools,
    });
  });
});
