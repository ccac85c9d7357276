// The floor of the benchmark: the per-turn work of the "turns" scenario written by hand in plain
// JavaScript, with no framework. Per turn: the user's message is stored; twice, a request is built
// from the history (model, instruction, tool declarations, the contents so far) and a synchronous
// fake model (the same bench/script.ts both frameworks run) answers it; the tool runs between the
// two calls; three events (model call, tool response, answer) with ids and timestamps are pushed
// to the session's array and their (empty) state deltas applied to the session state.
import { randomUUID } from 'node:crypto';
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
import type { BenchApp, Framework } from '../frameworks/framework.js';

interface PlainEvent {
  id: string;
  invocationId: string;
  author: string;
  timestamp: number;
  content: ScriptContent;
  stateDelta: Record<string, unknown>;
}

interface PlainSession {
  events: PlainEvent[];
  /** What the model sees: the contents of the events, in order. */
  contents: ScriptContent[];
  state: Record<string, unknown>;
}

interface PlainTool {
  name: string;
  description: string;
  parameters: object;
  execute(args: Record<string, unknown>): Promise<unknown> | unknown;
}

const cityParameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

function weatherTool(): PlainTool {
  return {
    name: 'get_weather',
    description: 'Returns the weather in a city.',
    parameters: cityParameters,
    execute: (args) => weatherOf(args['city'] as string),
  };
}

function waitTool(name: string, delayMs: number): PlainTool {
  return {
    name,
    description: `Waits ${delayMs} ms.`,
    parameters: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
    execute: () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), delayMs)),
  };
}

function appOf(instruction: string, script: TurnScript, tools: readonly PlainTool[]): BenchApp {
  const sessions = new Map<string, PlainSession>();
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
  const declarations = tools.map(({ name, description, parameters }) => ({ name, description, parameters }));

  const store = (session: PlainSession, invocationId: string, author: string, content: ScriptContent): PlainEvent => {
    const event: PlainEvent = { id: randomUUID(), invocationId, author, timestamp: Date.now(), content, stateDelta: {} };
    session.events.push(event);
    session.contents.push(content);
    Object.assign(session.state, event.stateDelta);
    return event;
  };
  const callModel = (session: PlainSession) => {
    const request = { model: 'plain', systemInstruction: instruction, tools: declarations, contents: session.contents };
    return scriptedResponse(request.contents, script).content;
  };

  return {
    createSession(sessionId) {
      sessions.set(sessionId, { events: [], contents: [], state: {} });
      return Promise.resolve();
    },
    async runTurn(sessionId, text) {
      const session = sessions.get(sessionId)!;
      const invocationId = randomUUID();
      store(session, invocationId, 'user', { role: 'user', parts: [{ text }] });
      let emitted = 0;
      for (;;) {
        const content = callModel(session);
        store(session, invocationId, 'agent', content);
        emitted++;
        const calls = content.parts.flatMap((part) => ('functionCall' in part ? [part.functionCall] : []));
        if (calls.length === 0) return emitted;
        const responses = await Promise.all(
          calls.map(async (call) => ({ functionResponse: { name: call.name, response: await toolsByName.get(call.name)!.execute(call.args) } })),
        );
        store(session, invocationId, 'agent', { role: 'user', parts: responses });
        emitted++;
      }
    },
    storedEventCount(sessionId) {
      return Promise.resolve(sessions.get(sessionId)?.events.length ?? 0);
    },
    storedEventsJsonSize(sessionId) {
      return Promise.resolve((sessions.get(sessionId)?.events ?? []).reduce((sum, event) => sum + JSON.stringify(event).length, 0));
    },
  };
}

export const plainJs: Framework = {
  name: 'plain JS',
  weatherApp() {
    return appOf(WEATHER_INSTRUCTION, WEATHER_TURN, [weatherTool()]);
  },
  parallelApp(count, delayMs) {
    const tools = Array.from({ length: count }, (_, i) => waitTool(`wait_${i}`, delayMs));
    return appOf(PARALLEL_INSTRUCTION, parallelTurn(count), tools);
  },
};
