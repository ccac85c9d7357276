import { Observable } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import type { AgentApp } from '../../../lib/server/agent-apps.js';
import { Gemini } from '../../../lib/models/gemini.js';
import type { GeminiStandInAnswer, GeminiStandInRequest } from '../../../lib/testing/gemini-stand-in.js';
import { FunctionTool } from '../../../lib/tools/function-tool.js';

type Part = { text?: string; functionCall?: { name: string; args?: Record<string, unknown> }; functionResponse?: { name: string; response: Record<string, unknown> } };
type Content = { role: string; parts: Part[] };

const chunk = (parts: Part[]) => ({ candidates: [{ content: { role: 'model', parts } }] });
const text = (t: string) => chunk([{ text: t }]);
const callOf = (name: string, args: Record<string, unknown>) => chunk([{ functionCall: { name, args } }]);

/** What the `front` app's tools saw. */
export interface FrontEndProbe {
  /** Resolves when the wait_forever tool starts. */
  started: Promise<void>;
  /** Resolves when its run is torn down (the invocation was cancelled). */
  cancelled: Promise<void>;
  deleted: string[];
}

/**
 * The Gemini stand-in's answer, read from the last content of the request (the real Gemini client
 * calls it): "hi" streams "Hel" "lo " "there"; "weather in X" calls get_weather; "paint it X"
 * calls the client tool change_background; "delete X" calls delete_file (which asks for
 * confirmation); "wait" calls wait_forever; "fail" is a 500; a function response is summed up in text.
 */
export function frontEndModel(request: GeminiStandInRequest): GeminiStandInAnswer {
  const contents = (request.body as { contents: Content[] }).contents;
  const last = contents.at(-1)!;
  const response = last.parts.find((part) => part.functionResponse)?.functionResponse;
  if (response) return [text(`Done: ${response.name} `), text(`answered ${JSON.stringify(response.response)}`)];
  const said = last.parts.map((part) => part.text ?? '').join('');
  const weather = /weather in (\w+)/i.exec(said);
  if (weather) return [callOf('get_weather', { city: weather[1] })];
  const paint = /paint it (\w+)/i.exec(said);
  if (paint) return [text('Painting. '), callOf('change_background', { color: paint[1] })];
  const remove = /delete (\S+)/i.exec(said);
  if (remove) return [callOf('delete_file', { path: remove[1] })];
  if (/^wait/i.test(said)) return [callOf('wait_forever', {})];
  if (/^fail/i.test(said)) return { status: 500, error: 'The stand-in model failed on purpose.' };
  return [text('Hel'), text('lo '), text('there')];
}

/**
 * The `front` app: a Gemini agent (against the stand-in at `baseUrl`) with get_weather (sets
 * state `last_city`), delete_file (needs confirmation) and wait_forever (never answers); a
 * before-agent callback counts turns in state (`turns`).
 */
export function frontEndApp(baseUrl: string): { app: AgentApp; probe: FrontEndProbe } {
  let started!: () => void;
  let cancelled!: () => void;
  const probe: FrontEndProbe = {
    started: new Promise<void>((resolve) => (started = resolve)),
    cancelled: new Promise<void>((resolve) => (cancelled = resolve)),
    deleted: [],
  };
  const getWeather = new FunctionTool<{ city: string }>({
    name: 'get_weather',
    description: 'The weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: ({ city }, ctx) => {
      ctx.state.set('last_city', city);
      return { city, sky: 'sunny', temp: 21 };
    },
  });
  const deleteFile = new FunctionTool<{ path: string }>({
    name: 'delete_file',
    description: 'Deletes a file.',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    requireConfirmation: true,
    execute: ({ path }) => {
      probe.deleted.push(path);
      return { deleted: path };
    },
  });
  const waitForever = new FunctionTool({
    name: 'wait_forever',
    description: 'Never answers.',
    execute: () =>
      new Observable<never>(() => {
        started();
        return () => cancelled();
      }),
  });
  const model = new Gemini({ model: 'gemini-2.5-flash', apiKey: 'test-key', httpOptions: { baseUrl } });
  const rootAgent = new LlmAgent({
    name: 'front_agent',
    model,
    tools: [getWeather, deleteFile, waitForever],
    beforeAgentCallback: (ctx) => void ctx.state.set('turns', ((ctx.state.get<number>('turns') ?? 0) as number) + 1),
  });
  return { app: { name: 'front', rootAgent, plugins: [] }, probe };
}
