/** The weather app of `rxadk web` / `rxadk run`: a tool, agent, model and tool callbacks, and a plugin. */
import { createPlugin, FunctionTool, LlmAgent, modelFromEnvironment, type BaseLlm } from '../../../lib/index.js';
import { DemoLlm } from '../../shared/demo-llm.js';

const getWeather = new FunctionTool<{ city: string }>({
  name: 'get_weather',
  description: 'Returns the current weather in a city.',
  parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name' } }, required: ['city'] },
  execute: ({ city }) => ({ city, temp: 18 + (city.length % 10), weather: city.length % 2 ? 'sunny' : 'cloudy' }),
});

/** The provider the environment has a key for (see modelFromEnvironment), else the offline demo model. */
const model: string | BaseLlm =
  modelFromEnvironment() ??
  new DemoLlm(
      [
        { when: /weather (?:in|at|for) ([\p{L} ]+?)[?.!]*$/iu, call: (m) => ({ name: 'get_weather', args: { city: m[1]!.trim() } }) },
        { when: /^(hi|hello|hey)\b/i, answer: () => 'Hello! Ask me about the weather in any city.' },
      ],
      (_tool, r) => `It is ${r['weather']} in ${r['city']}, ${r['temp']}°C.`,
      'Ask me "What is the weather in Paris?" (offline demo model; set GEMINI_API_KEY, OPENAI_API_KEY, ANTHROPIC_API_KEY or OLLAMA_HOST for a real model).',
    );

export const rootAgent = new LlmAgent({
  name: 'weather_agent',
  description: 'Answers questions about the weather.',
  model,
  instruction: 'You are a weather assistant. Use get_weather to answer questions about the weather.',
  tools: [getWeather],
  beforeAgentCallback: (ctx) => void ctx.state.set('turns', ((ctx.state.get<number>('turns') ?? 0) as number) + 1),
  beforeModelCallback: () => undefined,
  afterModelCallback: () => undefined,
  beforeToolCallback: () => undefined,
  afterToolCallback: () => undefined,
});

/** A plugin the app asks for: it counts the model calls of every user of the app (`app:` state). */
export const plugins = [
  createPlugin({
    name: 'usage_meter',
    afterModelCallback: (ctx, response) => {
      if (!response.partial) ctx.state.set('app:model_calls', ((ctx.state.get<number>('app:model_calls') ?? 0) as number) + 1);
      return undefined;
    },
  }),
];
