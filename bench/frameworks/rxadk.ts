// rxadk side of the benchmark: LlmAgent + FunctionTool + InMemoryRunner, driven by a BaseLlm
// subclass that answers from bench/script.ts.
import { count, defer, lastValueFrom, map, type Observable, of, timer } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { BaseLlm } from '../../lib/models/base-llm.js';
import type { LlmRequest } from '../../lib/models/llm-request.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import {
  PARALLEL_INSTRUCTION,
  parallelTurn,
  scriptedResponse,
  type TurnScript,
  WEATHER_INSTRUCTION,
  WEATHER_TURN,
  weatherOf,
} from '../script.js';
import { type BenchApp, type Framework, USER_ID } from './framework.js';

const APP_NAME = 'bench';

/** A model that never runs out: tool calls first, text once the tools have answered. */
export class RxadkScriptedLlm extends BaseLlm {
  calls = 0;

  constructor(private readonly script: TurnScript) {
    super({ model: 'bench-scripted' });
  }

  generateContent(request: LlmRequest): Observable<LlmResponse> {
    return defer(() => {
      this.calls++;
      return of(scriptedResponse(request.contents, this.script) as LlmResponse);
    });
  }
}

const cityParameters = {
  type: 'object',
  properties: { city: { type: 'string', description: 'The city.' } },
  required: ['city'],
} as const;

const labelParameters = {
  type: 'object',
  properties: { label: { type: 'string' } },
  required: ['label'],
} as const;

export function rxadkWeatherTool(): FunctionTool<{ city: string }> {
  return new FunctionTool<{ city: string }>({
    name: 'get_weather',
    description: 'Returns the weather in a city.',
    parameters: cityParameters,
    execute: ({ city }) => weatherOf(city),
  });
}

/** A tool that answers `{ok: true}` after `delayMs` (an RxJS timer: unsubscribing clears it). */
export function rxadkWaitTool(name: string, delayMs: number): FunctionTool {
  return new FunctionTool({
    name,
    description: `Waits ${delayMs} ms.`,
    parameters: labelParameters,
    execute: () => timer(delayMs).pipe(map(() => ({ ok: true }))),
  });
}

export function rxadkRunner(agent: LlmAgent): InMemoryRunner {
  return new InMemoryRunner({ agent, appName: APP_NAME, autoCreateSession: true });
}

function appOf(agent: LlmAgent): BenchApp {
  const runner = rxadkRunner(agent);
  return {
    async createSession(sessionId) {
      await lastValueFrom(runner.sessionService.createSession({ appName: APP_NAME, userId: USER_ID, sessionId }));
    },
    runTurn(sessionId, text) {
      return lastValueFrom(
        runner
          .runAsync({ userId: USER_ID, sessionId, newMessage: { role: 'user', parts: [{ text }] } })
          .pipe(count()),
      );
    },
    async storedEventCount(sessionId) {
      const session = await lastValueFrom(runner.sessionService.getSession({ appName: APP_NAME, userId: USER_ID, sessionId }));
      return session?.events.length ?? 0;
    },
    async storedEventsJsonSize(sessionId) {
      const session = await lastValueFrom(runner.sessionService.getSession({ appName: APP_NAME, userId: USER_ID, sessionId }));
      return (session?.events ?? []).reduce((sum, event) => sum + JSON.stringify(event).length, 0);
    },
  };
}

export const rxadk: Framework = {
  name: 'rxadk',
  weatherApp() {
    return appOf(
      new LlmAgent({
        name: 'weather_agent',
        model: new RxadkScriptedLlm(WEATHER_TURN),
        instruction: WEATHER_INSTRUCTION,
        tools: [rxadkWeatherTool()],
      }),
    );
  },
  parallelApp(toolCount, delayMs) {
    return appOf(
      new LlmAgent({
        name: 'job_agent',
        model: new RxadkScriptedLlm(parallelTurn(toolCount)),
        instruction: PARALLEL_INSTRUCTION,
        tools: Array.from({ length: toolCount }, (_, i) => rxadkWaitTool(`wait_${i}`, delayMs)),
      }),
    );
  },
};
