/**
 * One agent, three providers, one string changed: the seed's weather agent runs on Gemini, on an
 * OpenAI-compatible server and on Anthropic — each through its official SDK, talking HTTP to a
 * local stand-in of that provider's API (no account, no network) — and prints the same
 * transcript shape each time.
 *
 *   TS_NODE_TRANSPILE_ONLY=1 node --loader ts-node/esm examples/provider-swap.ts
 *
 * Against the real services, drop the stand-ins and set GEMINI_API_KEY, OPENAI_API_KEY and
 * ANTHROPIC_API_KEY instead: the agent code does not change.
 */
import { lastValueFrom, toArray } from 'rxjs';
import { FunctionTool, InMemoryRunner, LlmAgent } from '../lib/index.js';
import { AnthropicStandIn } from '../lib/testing/anthropic-stand-in.js';
import { GeminiStandIn } from '../lib/testing/gemini-stand-in.js';
import { simplifyEvent } from '../lib/testing/index.js';
import { OpenAiStandIn } from '../lib/testing/openai-stand-in.js';
import type { RecordedRequest } from '../lib/testing/scripted-http-server.js';

const getWeather = new FunctionTool<{ city: string }>({
  name: 'get_weather',
  description: 'Returns the current weather in a city.',
  parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name' } }, required: ['city'] },
  execute: ({ city }) => ({ city, temp: 25, weather: 'sunny' }),
});

/** The agent: only `model` differs between the runs. */
function weatherAgent(model: string): LlmAgent {
  return new LlmAgent({
    name: 'weather_agent',
    model,
    instruction: 'You are a weather assistant. Use get_weather to answer questions about the weather.',
    tools: [getWeather],
  });
}

/** Has the tool answered yet? (Each stand-in plays the model: call the tool first, then answer.) */
const answered = (request: RecordedRequest) => JSON.stringify(request.body).includes('sunny');
const ANSWER = 'It is sunny in Beijing, 25°C.';

const gemini = await GeminiStandIn.start();
const openai = await OpenAiStandIn.start();
const anthropic = await AnthropicStandIn.start();
for (let turn = 0; turn < 2; turn++) {
  gemini.enqueue((request) =>
    answered(request)
      ? { candidates: [{ content: { role: 'model', parts: [{ text: ANSWER }] }, finishReason: 'STOP' }] }
      : { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Beijing' } } }] }, finishReason: 'STOP' }] },
  );
  openai.enqueue((request) => (answered(request) ? OpenAiStandIn.text(ANSWER) : OpenAiStandIn.toolCalls([{ id: 'call_1', name: 'get_weather', args: { city: 'Beijing' } }])));
  anthropic.enqueue((request) => (answered(request) ? AnthropicStandIn.text(ANSWER) : AnthropicStandIn.toolUses([{ id: 'toolu_1', name: 'get_weather', input: { city: 'Beijing' } }])));
}

// Each SDK reads its base URL and key from the environment, as it would in production.
Object.assign(process.env, {
  GEMINI_API_KEY: 'stand-in',
  GOOGLE_GEMINI_BASE_URL: gemini.baseUrl,
  OPENAI_COMPATIBLE_BASE_URL: `${openai.baseUrl}/v1`,
  ANTHROPIC_API_KEY: 'stand-in',
  ANTHROPIC_BASE_URL: anthropic.baseUrl,
});

try {
  for (const model of ['gemini-2.5-flash', 'openai-compatible/gpt-4o-mini', 'anthropic/claude-sonnet-5-5']) {
    const runner = new InMemoryRunner({ agent: weatherAgent(model), appName: 'weather', autoCreateSession: true });
    const events = await lastValueFrom(
      runner.runAsync({ userId: 'u', sessionId: 's', newMessage: { role: 'user', parts: [{ text: 'What is the weather in Beijing?' }] } }).pipe(toArray()),
    );
    console.log(`== ${model}`);
    for (const event of events) console.log(`  ${simplifyEvent(event)}`);
  }
} finally {
  await Promise.all([gemini.close(), openai.close(), anthropic.close()]);
}
