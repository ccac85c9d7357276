// The Vercel AI SDK side of the benchmark: `generateText` with a tool and `stopWhen: stepCountIs(…)`,
// driven by `ai/test`'s MockLanguageModelV3 answering from bench/script.ts. The SDK has no session
// store: the app carries each session's message history across turns (the user message, then the
// response messages of every turn), as an AI SDK app does.
import { generateText, jsonSchema, type ModelMessage, stepCountIs, type Tool, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { BenchApp, Framework } from '../frameworks/framework.js';
import {
  PARALLEL_INSTRUCTION,
  parallelTurn,
  type ScriptContent,
  scriptedResponse,
  type TurnScript,
  WEATHER_INSTRUCTION,
  WEATHER_TURN,
  weatherOf,
} from '../script.js';

type Prompt = Array<{ role: string }>;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};

/** The script's answer for an AI SDK prompt: after a tool message, the text; else the tool calls. */
function mockModel(script: TurnScript): MockLanguageModelV3 {
  let callIds = 0;
  return new MockLanguageModelV3({
    doGenerate: (options) => {
      const prompt = options.prompt as Prompt;
      const last: ScriptContent = prompt[prompt.length - 1]?.role === 'tool' ? { parts: [{ functionResponse: {} }] } : {};
      const parts = scriptedResponse([last], script).content.parts;
      const content = parts.map((part) =>
        'functionCall' in part
          ? { type: 'tool-call' as const, toolCallId: `call_${++callIds}`, toolName: part.functionCall.name, input: JSON.stringify(part.functionCall.args) }
          : { type: 'text' as const, text: part.text },
      );
      const finishReason = content[0]?.type === 'tool-call' ? 'tool-calls' : 'stop';
      return Promise.resolve({ content, finishReason: { unified: finishReason, raw: finishReason }, usage, warnings: [] });
    },
  });
}

function appOf(instruction: string, script: TurnScript, tools: Record<string, Tool>): BenchApp {
  const model = mockModel(script);
  const sessions = new Map<string, ModelMessage[]>();
  return {
    createSession(sessionId) {
      sessions.set(sessionId, []);
      return Promise.resolve();
    },
    async runTurn(sessionId, text) {
      const messages = sessions.get(sessionId)!;
      messages.push({ role: 'user', content: text });
      const result = await generateText({ model, system: instruction, messages, tools, stopWhen: stepCountIs(5) });
      messages.push(...result.response.messages);
      model.doGenerateCalls.length = 0; // the mock records every call's prompt: not the SDK's own cost
      return result.response.messages.length;
    },
    storedEventCount(sessionId) {
      return Promise.resolve(sessions.get(sessionId)?.length ?? 0);
    },
  };
}

const cityParameters = jsonSchema<{ city: string }>({
  type: 'object',
  properties: { city: { type: 'string', description: 'The city.' } },
  required: ['city'],
});

export const aiSdk: Framework = {
  name: 'Vercel AI SDK',
  weatherApp() {
    const getWeather = tool({
      description: 'Returns the weather in a city.',
      inputSchema: cityParameters,
      execute: ({ city }) => weatherOf(city),
    });
    return appOf(WEATHER_INSTRUCTION, WEATHER_TURN, { get_weather: getWeather });
  },
  parallelApp(count, delayMs) {
    const wait = tool({
      description: `Waits ${delayMs} ms.`,
      inputSchema: jsonSchema<{ label: string }>({ type: 'object', properties: { label: { type: 'string' } }, required: ['label'] }),
      execute: () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), delayMs)),
    });
    const tools = Object.fromEntries(Array.from({ length: count }, (_, i) => [`wait_${i}`, wait]));
    return appOf(PARALLEL_INSTRUCTION, parallelTurn(count), tools);
  },
};
