// @google/adk side of the benchmark: its own LlmAgent, FunctionTool and InMemoryRunner, driven by
// AdkScriptedLlm. The tools do what the rxadk tools do; a waiting tool awaits a setTimeout (ADK
// tools are async functions).
import { FunctionTool, InMemoryRunner, LlmAgent } from '@google/adk';
import { Type } from '@google/genai';
import type { BenchApp, Framework } from '../frameworks/framework.js';
import { USER_ID } from '../frameworks/framework.js';
import { PARALLEL_INSTRUCTION, parallelTurn, WEATHER_INSTRUCTION, WEATHER_TURN, weatherOf } from '../script.js';
import { AdkScriptedLlm } from './adk-scripted-llm.js';

const APP_NAME = 'bench';

function appOf(agent: LlmAgent): BenchApp {
  const runner = new InMemoryRunner({ agent, appName: APP_NAME });
  return {
    async createSession(sessionId) {
      await runner.sessionService.createSession({ appName: APP_NAME, userId: USER_ID, sessionId });
    },
    async runTurn(sessionId, text) {
      let events = 0;
      for await (const _event of runner.runAsync({
        userId: USER_ID,
        sessionId,
        newMessage: { role: 'user', parts: [{ text }] },
      })) {
        events++;
      }
      return events;
    },
    async storedEventCount(sessionId) {
      const session = await runner.sessionService.getSession({ appName: APP_NAME, userId: USER_ID, sessionId });
      return session?.events.length ?? 0;
    },
  };
}

export const adk: Framework = {
  name: '@google/adk',
  weatherApp() {
    const getWeather = new FunctionTool({
      name: 'get_weather',
      description: 'Returns the weather in a city.',
      parameters: {
        type: Type.OBJECT,
        properties: { city: { type: Type.STRING, description: 'The city.' } },
        required: ['city'],
      },
      execute: (input) => weatherOf((input as { city: string }).city),
    });
    return appOf(
      new LlmAgent({
        name: 'weather_agent',
        model: new AdkScriptedLlm(WEATHER_TURN),
        instruction: WEATHER_INSTRUCTION,
        tools: [getWeather],
      }),
    );
  },
  parallelApp(toolCount, delayMs) {
    const tools = Array.from(
      { length: toolCount },
      (_, i) =>
        new FunctionTool({
          name: `wait_${i}`,
          description: `Waits ${delayMs} ms.`,
          parameters: { type: Type.OBJECT, properties: { label: { type: Type.STRING } }, required: ['label'] },
          execute: async () => {
            await new Promise((resolve) => setTimeout(resolve, delayMs));
            return { ok: true };
          },
        }),
    );
    return appOf(
      new LlmAgent({
        name: 'job_agent',
        model: new AdkScriptedLlm(parallelTurn(toolCount)),
        instruction: PARALLEL_INSTRUCTION,
        tools,
      }),
    );
  },
};
