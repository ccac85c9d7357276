// The issue-13 "must show" list, run end to end (LlmAgent + Runner + the provider's official SDK
// over HTTP to its stand-in) for each provider: spec/openai and spec/anthropic call it.
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { createConfirmationResponse, getConfirmationRequests } from '../../lib/events/confirmation-requests.js';
import type { Event } from '../../lib/events/event.js';
import type { BaseLlm } from '../../lib/models/base-llm.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import type { RecordedRequest } from '../../lib/testing/scripted-http-server.js';
import { simplifyEvent } from '../../lib/testing/simplify-events.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { ModelError } from '../../lib/utils/errors.js';
import { user } from './llm.js';

/** A model call the harness scripts, in provider-neutral terms. */
export type NeutralAnswer =
  | { text: string }
  | { calls: Array<{ id?: string; name: string; args: Record<string, unknown> }> }
  | { error: number; message: string }
  | { slowText: string };

/** What the harness needs from a provider. */
export interface ProviderHarness {
  name: string;
  /** Starts the stand-in with the answers, returns the model and the stand-in. */
  start(answers: NeutralAnswer[]): Promise<{ llm: BaseLlm; requests: RecordedRequest[]; whenDisconnected(): Promise<void>; close(): Promise<unknown> }>;
  /** The tool calls' ids in a recorded request's assistant message, and the ids its tool results answer. */
  pairing(request: RecordedRequest): { callIds: string[]; resultIds: string[] };
  /** The names of the tools a recorded request offers. */
  toolNames(request: RecordedRequest): string[];
  /** The text of the tool results in a recorded request, parsed. */
  toolResults(request: RecordedRequest): unknown[];
}

function weatherTool(): FunctionTool<{ city: string }> {
  return new FunctionTool<{ city: string }>({
    name: 'get_weather',
    description: 'Returns the current weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name' } }, required: ['city'] },
    execute: ({ city }) => ({ city, temp: city.length, weather: 'sunny' }),
  });
}

function weatherAgent(llm: BaseLlm, extra: Partial<ConstructorParameters<typeof LlmAgent>[0]> = {}): LlmAgent {
  return new LlmAgent({
    name: 'weather_agent',
    model: llm,
    instruction: 'You are a weather assistant. Use get_weather to answer questions about the weather.',
    tools: [weatherTool()],
    ...extra,
  });
}

function run(runner: InMemoryRunner, message = 'What is the weather in Paris?', runConfig = {}) {
  return lastValueFrom(runner.runAsync({ userId: 'u', sessionId: 's', newMessage: typeof message === 'string' ? user(message) : message, runConfig }).pipe(toArray()));
}

function stored(runner: InMemoryRunner): Promise<Event[]> {
  return firstValueFrom(runner.sessionService.getSession({ appName: 'app', userId: 'u', sessionId: 's' })).then((s) => s?.events ?? []);
}

function runnerOf(agent: LlmAgent): InMemoryRunner {
  return new InMemoryRunner({ agent, appName: 'app', autoCreateSession: true });
}

/** Declares the end-to-end suite for one provider. */
export function describeProviderEndToEnd(harness: ProviderHarness): void {
  describe(`${harness.name} end to end (LlmAgent + Runner + official SDK over HTTP to the stand-in)`, () => {
    let close: (() => Promise<unknown>) | undefined;
    afterEach(async () => {
      await close?.();
      close = undefined;
    });
    const start = async (answers: NeutralAnswer[]) => {
      const started = await harness.start(answers);
      close = started.close;
      return started;
    };

    it('text', async () => {
      const { llm } = await start([{ text: 'Hello! Ask me about the weather.' }]);
      const events = await run(runnerOf(weatherAgent(llm)), 'Hi');
      expect(events.map(simplifyEvent)).toEqual(['weather_agent: Hello! Ask me about the weather.']);
    });

    it('streaming: the partial events, then one final event; only the final one is stored', async () => {
      const { llm } = await start([{ text: 'It is sunny in Paris today.' }]);
      const runner = runnerOf(weatherAgent(llm));
      const events = await run(runner, 'Weather?', { streamingMode: 'sse' });
      const partials = events.filter((e) => e.partial);
      expect(partials.length).toBeGreaterThan(1);
      expect(partials.map((e) => e.content?.parts?.map((p) => p.text).join('')).join('')).toBe('It is sunny in Paris today.');
      expect(events.at(-1)).toMatchObject({ partial: false, content: { parts: [{ text: 'It is sunny in Paris today.' }] } });
      expect((await stored(runner)).filter((e) => e.author === 'weather_agent').map(simplifyEvent)).toEqual(['weather_agent: It is sunny in Paris today.']);
    });

    it('one tool call', async () => {
      const { llm, requests } = await start([{ calls: [{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }] }, { text: 'Sunny, 5°C.' }]);
      const events = await run(runnerOf(weatherAgent(llm)));
      expect(events.map(simplifyEvent)).toEqual([
        'weather_agent: call get_weather({"city":"Paris"})',
        'weather_agent: get_weather returned {"city":"Paris","temp":5,"weather":"sunny"}',
        'weather_agent: Sunny, 5°C.',
      ]);
      expect(harness.pairing(requests[1]!)).toEqual({ callIds: ['call_1'], resultIds: ['call_1'] });
    });

    it.each([
      ['with the model\'s own ids', ['c_p', 'c_r', 'c_o']],
      ['when the model sends no ids', [undefined, undefined, undefined]],
    ])('three parallel tool calls, answered with the right ids (%s)', async (_label, ids) => {
      const cities = ['Paris', 'Rome', 'Oslo'];
      const { llm, requests } = await start([
        { calls: cities.map((city, i) => ({ ...(ids[i] ? { id: ids[i] } : {}), name: 'get_weather', args: { city } })) },
        { text: 'All sunny.' },
      ]);
      await run(runnerOf(weatherAgent(llm)));
      const { callIds, resultIds } = harness.pairing(requests[1]!);
      expect(callIds).toHaveLength(3);
      expect(new Set(callIds).size).toBe(3);
      expect(resultIds).toEqual(callIds);
      if (ids[0]) expect(callIds).toEqual(ids);
      expect(harness.toolResults(requests[1]!)).toEqual(cities.map((city) => ({ city, temp: city.length, weather: 'sunny' })));
    });

    it('a confirmation-requiring tool: asked, approved, run, and the model sees the result', async () => {
      let transfers = 0;
      const transfer = new FunctionTool<{ amount: number }>({
        name: 'transfer_money',
        description: 'Transfers money.',
        parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
        requireConfirmation: true,
        execute: ({ amount }) => ({ sent: amount, count: ++transfers }),
      });
      const { llm, requests } = await start([{ calls: [{ id: 'call_t', name: 'transfer_money', args: { amount: 10 } }] }, { text: 'Sent 10.' }]);
      const runner = runnerOf(new LlmAgent({ name: 'bank', model: llm, tools: [transfer] }));
      const first = await run(runner, 'Send 10.');
      const request = getConfirmationRequests(first.find((e) => getConfirmationRequests(e).length)!)[0]!;
      expect(transfers).toBe(0);
      const second = await run(runner, createConfirmationResponse(request, { confirmed: true }) as never);
      expect(second.map(simplifyEvent)).toEqual(['bank: transfer_money returned {"sent":10,"count":1}', 'bank: Sent 10.']);
      expect(requests).toHaveLength(2);
      expect(harness.pairing(requests[1]!)).toEqual({ callIds: ['call_t'], resultIds: ['call_t'] });
      expect(harness.toolResults(requests[1]!)).toEqual([{ sent: 10, count: 1 }]);
    });

    it('outputSchema with tools: set_model_response carries the answer, stored under outputKey', async () => {
      const { llm, requests } = await start([
        { calls: [{ id: 'call_w', name: 'get_weather', args: { city: 'Paris' } }] },
        { calls: [{ id: 'call_s', name: 'set_model_response', args: { city: 'Paris', temperature: 5 } }] },
      ]);
      const outputSchema = { type: 'object', properties: { city: { type: 'string' }, temperature: { type: 'number' } }, required: ['city', 'temperature'] };
      const runner = runnerOf(weatherAgent(llm, { outputSchema, outputKey: 'report' }));
      const events = await run(runner);
      expect(events.at(-1)!.content?.parts).toEqual([{ text: '{"city":"Paris","temperature":5}' }]);
      expect(harness.toolNames(requests[0]!)).toEqual(['get_weather', 'set_model_response']);
      const session = await firstValueFrom(runner.sessionService.getSession({ appName: 'app', userId: 'u', sessionId: 's' }));
      expect(session!.state['report']).toEqual({ city: 'Paris', temperature: 5 });
    });

    it.each([429, 500])('HTTP %i → the run fails with a ModelError carrying the status', async (status) => {
      const { llm } = await start([{ error: status, message: 'Try again later.' }]);
      await expect(run(runnerOf(weatherAgent(llm)))).rejects.toMatchObject({ constructor: ModelError, status });
    });

    it('HTTP 429 → onModelErrorCallback replaces the error with a response', async () => {
      const { llm } = await start([{ error: 429, message: 'Too many requests.' }]);
      const agent = weatherAgent(llm, {
        onModelErrorCallback: (_ctx, _request, error) => ({
          content: { role: 'model', parts: [{ text: `Busy (${(error as ModelError).status}); try again soon.` }] },
        }),
      });
      const events = await run(runnerOf(agent));
      expect(events.map(simplifyEvent)).toEqual(['weather_agent: Busy (429); try again soon.']);
    });

    it('unsubscribe mid-stream: the stand-in sees the connection closed, and nothing is appended afterwards', async () => {
      const started = await start([{ slowText: 'one two three four five' }]);
      const runner = runnerOf(weatherAgent(started.llm));
      const seen: Event[] = [];
      const subscription = runner
        .runAsync({ userId: 'u', sessionId: 's', newMessage: user('Weather?'), runConfig: { streamingMode: 'sse' } })
        .subscribe((event) => {
          seen.push(event);
          subscription.unsubscribe();
        });
      await started.whenDisconnected();
      const before = (await stored(runner)).length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = await stored(runner);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.partial).toBe(true);
      expect(after).toHaveLength(before);
      expect(after.map((e) => e.author)).toEqual(['user']);
    });
  });
}
