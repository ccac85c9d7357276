import { firstValueFrom, lastValueFrom, type Observable, toArray } from 'rxjs';
import { createLlmRequest, type LlmRequest } from '../../lib/models/llm-request.js';
import { OpenAiLlm } from '../../lib/openai/openai-llm.js';
import { MissingDriverError } from '../../lib/utils/missing-driver-error.js';
import { OpenAiStandIn, type OpenAiStandInAnswer } from '../../lib/testing/openai-stand-in.js';
import { MissingCredentialsError, ModelError } from '../../lib/utils/errors.js';
import { missingSdkError } from '../../lib/models/missing-sdk-error.js';
import { requestArrival } from '../support/request-arrival.js';

const MODEL = 'gpt-4o-mini';

function userRequest(text: string, init: Partial<LlmRequest> = {}): LlmRequest {
  return createLlmRequest({ contents: [{ role: 'user', parts: [{ text }] }], ...init });
}

function settle<T>(source: Observable<T>): Promise<{ values: T[]; error?: unknown }> {
  return new Promise((resolve) => {
    const values: T[] = [];
    source.subscribe({ next: (v) => values.push(v), error: (error: unknown) => resolve({ values, error }), complete: () => resolve({ values }) });
  });
}

describe('OpenAiLlm (real openai SDK against OpenAiStandIn)', () => {
  let standIn: OpenAiStandIn;
  let llm: OpenAiLlm;

  async function startWith(...script: OpenAiStandInAnswer[]): Promise<void> {
    standIn = await OpenAiStandIn.start({ script });
    llm = new OpenAiLlm({ model: MODEL, apiKey: 'test-key', baseURL: `${standIn.baseUrl}/v1`, maxRetries: 0 });
  }

  afterEach(() => standIn?.close());

  it('emits one response with the text, finish reason, usage and model, then completes', async () => {
    await startWith(OpenAiStandIn.text('It is sunny.', { prompt_tokens: 7, completion_tokens: 4 }));
    const responses = await lastValueFrom(llm.generateContent(userRequest('Weather?')).pipe(toArray()));
    expect(responses).toEqual([
      {
        content: { role: 'model', parts: [{ text: 'It is sunny.' }] },
        finishReason: 'STOP',
        usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 4, totalTokenCount: 11 },
        modelVersion: 'stand-in',
      },
    ]);
    expect(standIn.requests[0]!.headers['authorization']).toBe('Bearer test-key');
    expect(standIn.requests[0]!.body).toEqual({ model: MODEL, messages: [{ role: 'user', content: 'Weather?' }] });
  });

  it('keeps the model\'s tool-call ids and parses the arguments; calls without ids get none', async () => {
    await startWith(
      OpenAiStandIn.toolCalls([{ id: 'call_a', name: 'get_weather', args: { city: 'Paris' } }, { name: 'get_time', args: {} }]),
    );
    const response = await firstValueFrom(llm.generateContent(userRequest('Weather?')));
    expect(response.content?.parts).toEqual([
      { functionCall: { id: 'call_a', name: 'get_weather', args: { city: 'Paris' } } },
      { functionCall: { name: 'get_time', args: {} } },
    ]);
    expect(response.finishReason).toBe('STOP');
  });

  it('is cold: nothing is sent before subscription', async () => {
    await startWith(OpenAiStandIn.text('x'));
    const call = llm.generateContent(userRequest('hi'));
    await new Promise((r) => setTimeout(r, 20));
    expect(standIn.requests).toHaveLength(0);
    await firstValueFrom(call);
    expect(standIn.requests).toHaveLength(1);
  });

  describe('streaming', () => {
    it('emits each chunk\'s text as a partial response, then one final response with the assembled tool calls', async () => {
      const body = OpenAiStandIn.toolCalls([
        { id: 'c0', name: 'get_weather', args: { city: 'Paris' } },
        { id: 'c1', name: 'get_weather', args: { city: 'Rome' } },
        { id: 'c2', name: 'get_weather', args: { city: 'Oslo' } },
      ]);
      await startWith({ chunks: interleave(OpenAiStandIn.chunksOf(body)) });
      const responses = await lastValueFrom(llm.generateContent(userRequest('Weather?'), true).pipe(toArray()));
      const final = responses.at(-1)!;
      expect(responses.slice(0, -1).every((r) => r.partial)).toBe(true);
      expect(final.partial).toBe(false);
      expect(final.turnComplete).toBe(true);
      expect(final.content?.parts).toEqual([
        { functionCall: { id: 'c0', name: 'get_weather', args: { city: 'Paris' } } },
        { functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Rome' } } },
        { functionCall: { id: 'c2', name: 'get_weather', args: { city: 'Oslo' } } },
      ]);
      expect(final.usageMetadata).toEqual({ promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 });
      expect(standIn.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    });

    it('streams text word by word and aggregates it', async () => {
      await startWith(OpenAiStandIn.text('It is sunny in Paris.'));
      const responses = await lastValueFrom(llm.generateContent(userRequest('Weather?'), true).pipe(toArray()));
      expect(responses.filter((r) => r.partial).map((r) => r.content?.parts?.[0]?.text)).toEqual(['It ', 'is ', 'sunny ', 'in ', 'Paris.']);
      expect(responses.at(-1)!.content?.parts).toEqual([{ text: 'It is sunny in Paris.' }]);
    });

    it('aborts the stream when unsubscribed mid-stream: the server sees the client leave', async () => {
      const arrived = requestArrival();
      await startWith();
      standIn.enqueue(arrived.answering({ chunks: OpenAiStandIn.chunksOf(OpenAiStandIn.text('one two three four')), chunkDelayMs: 60_000 }));
      const seen: unknown[] = [];
      const subscription = llm.generateContent(userRequest('hi'), true).subscribe((r) => seen.push(r));
      await arrived.promise;
      subscription.unsubscribe();
      await standIn.whenDisconnected();
      expect(standIn.disconnects).toBe(1);
      expect(seen.length).toBeLessThanOrEqual(1);
    });
  });

  describe('errors', () => {
    it.each([
      [429, /HTTP 429 .*Rate limit reached.*rate limit or quota exceeded/],
      [500, /HTTP 500 .*retry later/],
      [401, /HTTP 401 .*check the API key/],
    ])('maps HTTP %i to a ModelError with the status and the API\'s message', async (status, message) => {
      await startWith({ status, error: 'Rate limit reached for gpt-4o-mini.' });
      const { error } = await settle(llm.generateContent(userRequest('hi')));
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).status).toBe(status);
      expect((error as ModelError).message).toMatch(message);
    });

    it('retries a 429 by default (the SDK\'s retries), then succeeds', async () => {
      standIn = await OpenAiStandIn.start({ script: [{ status: 429, error: 'slow down' }, OpenAiStandIn.text('ok')] });
      const retrying = new OpenAiLlm({ model: MODEL, apiKey: 'k', baseURL: `${standIn.baseUrl}/v1` });
      const response = await firstValueFrom(retrying.generateContent(userRequest('hi')));
      expect(response.content?.parts).toEqual([{ text: 'ok' }]);
      expect(standIn.requests).toHaveLength(2);
    });

    it('maps a network failure to a ModelError without status', async () => {
      await startWith();
      const url = standIn.baseUrl;
      await standIn.close();
      const offline = new OpenAiLlm({ model: MODEL, apiKey: 'k', baseURL: `${url}/v1`, maxRetries: 0 });
      const { error } = await settle(offline.generateContent(userRequest('hi')));
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).status).toBeUndefined();
      expect((error as ModelError).message).toMatch(/Could not reach the OpenAI API/);
    });

    it('fails the first call (not the constructor) with MissingCredentialsError without a key or base URL', async () => {
      const saved = { key: process.env['OPENAI_API_KEY'], url: process.env['OPENAI_BASE_URL'] };
      delete process.env['OPENAI_API_KEY'];
      delete process.env['OPENAI_BASE_URL'];
      try {
        const keyless = new OpenAiLlm({ model: MODEL });
        const { error } = await settle(keyless.generateContent(userRequest('hi')));
        expect(error).toBeInstanceOf(MissingCredentialsError);
        expect((error as MissingCredentialsError).variables).toEqual(['OPENAI_API_KEY']);
      } finally {
        if (saved.key !== undefined) process.env['OPENAI_API_KEY'] = saved.key;
        if (saved.url !== undefined) process.env['OPENAI_BASE_URL'] = saved.url;
      }
    });

    it('names the package to install when the SDK cannot be loaded', () => {
      const notFound = Object.assign(new Error("Cannot find package 'openai' imported from /app/openai-client.js"), { code: 'ERR_MODULE_NOT_FOUND' });
      const error = missingSdkError(notFound, 'openai', 'rxadk/openai');
      expect(error).toBeInstanceOf(MissingDriverError);
      expect((error as MissingDriverError).message).toMatch(/npm install openai/);
      const other = new Error('boom');
      expect(missingSdkError(other, 'openai', 'rxadk/openai')).toBe(other);
    });

    it('aborts through the request\'s own abortSignal', async () => {
      const arrived = requestArrival();
      await startWith();
      standIn.enqueue(arrived.answering({ body: OpenAiStandIn.text('late'), delayMs: 60_000 }));
      const controller = new AbortController();
      const pending = settle(llm.generateContent(userRequest('hi', { config: { abortSignal: controller.signal } })));
      await arrived.promise;
      controller.abort();
      const { error } = await pending;
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).message).toMatch(/aborted/);
    });
  });
});

/** The chunks of parallel tool calls with their argument fragments interleaved (as servers may send them). */
function interleave(chunks: object[]): object[] {
  const isCall = (c: object) => !!(c as { choices: Array<{ delta: { tool_calls?: unknown } }> }).choices[0]?.delta.tool_calls;
  const calls = chunks.filter(isCall);
  const heads = calls.filter((_, i) => i % 3 === 0);
  const firsts = calls.filter((_, i) => i % 3 === 1);
  const seconds = calls.filter((_, i) => i % 3 === 2);
  const before = chunks.slice(0, chunks.findIndex(isCall));
  const after = chunks.slice(chunks.length - 2);
  return [...before, ...heads, ...firsts.reverse(), ...seconds, ...after];
}
