// The seed weather agent's two model calls (the question, then the tool's answer), run through
// LlmAgent + Runner against a provider's stand-in; the request-translation specs pin the JSON.
import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import type { BaseLlm } from '../../lib/models/base-llm.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { user } from './llm.js';

/** The seed chapter's weather agent on `llm`. */
export function seedWeatherAgent(llm: BaseLlm): LlmAgent {
  return new LlmAgent({
    name: 'weather_agent',
    model: llm,
    instruction: 'You are a weather assistant. Use get_weather to answer questions about the weather.',
    tools: [
      new FunctionTool<{ city: string }>({
        name: 'get_weather',
        description: 'Returns the current weather in a city.',
        parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name' } }, required: ['city'] },
        execute: ({ city }) => ({ city, temp: 25, weather: 'sunny' }),
      }),
    ],
  });
}

/** Runs "What is the weather in Beijing?" to completion. */
export function askForWeather(llm: BaseLlm): Promise<unknown> {
  const runner = new InMemoryRunner({ agent: seedWeatherAgent(llm), appName: 'weather', autoCreateSession: true });
  return lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: user('What is the weather in Beijing?') }).pipe(toArray()));
}

/** The instruction the agent sends (ADK adds the agent's identity to it). */
export const SEED_INSTRUCTION = 'You are a weather assistant. Use get_weather to answer questions about the weather.';
