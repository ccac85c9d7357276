import { firstValueFrom, lastValueFrom, type Observable, toArray } from 'rxjs';
import { AnthropicLlm } from '../../lib/anthropic/anthropic-llm.js';
import { createLlmRequest, type LlmRequest } from '../../lib/models/llm-request.js';
import { missingSdkError } from '../../lib/models/missing-sdk-error.js';
import { MissingDriverError } from '../../lib/utils/missing-driver-error.js';
import { AnthropicStandIn, type AnthropicStandInAnswer } from '../../lib/testing/anthropic-stand-in.js';
import { MissingCredentialsError, ModelError } from '../../lib/utils/errors.js';
import { requestArrival } from '../support/request-arrival.js';

const MODEL = 'claude-sonnet-5-5';

function userRequest(text: string, init: Partial<LlmRequest> = {}): LlmRequest {
  return createLlmRequest({ contents: [{ role: 'user', parts: [{ text }] }], ...init });
}

function settle<T>(source: Observable<T>): Promise<{ values: T[]; error?: unknown }> {
  return new Promise((resolve) => {
    const values: T[] = [];
    source.subscribe({ next: (v) => values.push(v), error: (error: unknown) => resolve({ values, error }), complete: () => resolve({ values }) });
  });
}

describe('AnthropicLlm (real @anthropic-ai/sdk against AnthropicStandIn)', () => {
  let standIn: AnthropicStandIn;
  let claude: AnthropicLlm;

  async function startWith(...script: AnthropicStandInAnswer[]): Promise<void> {
    standIn = await AnthropicStandIn.start({ script });
    claude = new AnthropicLlm({ model: MODEL, apiKey: 'test-key', baseURL: standIn.baseUrl, maxRetries: 0 });
  }

  afterEach(() => standIn?.close());

  it('sends the key, the API version and max_tokens, and maps the Message', async () => {
    await startWith(AnthropicStandIn.text('It is sunny.', { usage: { input_tokens: 7, output_tokens: 4 } }));
    const responses = await lastValueFrom(claude.generateContent(userRequest('Weather?')).pipe(toArray()));
    expect(responses).toEqual([
      {
        content: { role: 'model', parts: [{ text: 'It is sunny.' }] },
        finishReason: 'STOP',
        usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 4, totalTokenCount: 11 },
        modelVersion: 'stand-in',
      },
    ]);
    const [request] = standIn.requests;
    // this SDK version sends the key as a bearer token (older ones as x-api-key)
    expect(request!.headers['x-api-key'] ?? request!.headers['authorization']).toMatch(/^(Bearer )?test-key$/);
    expect(request!.headers['anthropic-version']).toBeDefined();
    expect(request!.body).toEqual({ model: MODEL, max_tokens: 8192, messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }] });
  });

  it('keeps thinking blocks with their signature, and tool_use ids', async () => {
    await startWith(
      AnthropicStandIn.text('Sunny.', { thinking: 'Let me think.' }),
      AnthropicStandIn.toolUses([{ id: 'toolu_a', name: 'get_weather', input: { city: 'Paris' } }]),
    );
    const thought = await firstValueFrom(claude.generateContent(userRequest('Weather?')));
    expect(thought.content?.parts).toEqual([{ text: 'Let me think.', thought: true, thoughtSignature: 'sig-13' }, { text: 'Sunny.' }]);
    const calls = await firstValueFrom(claude.generateContent(userRequest('Weather?')));
    expect(calls.content?.parts).toEqual([{ functionCall: { id: 'toolu_a', name: 'get_weather', args: { city: 'Paris' } } }]);
  });

  it('is cold: nothing is sent before subscription', async () => {
    await startWith(AnthropicStandIn.text('x'));
    const call = claude.generateContent(userRequest('hi'));
    await new Promise((r) => setTimeout(r, 20));
    expect(standIn.requests).toHaveLength(0);
    await firstValueFrom(call);
    expect(standIn.requests).toHaveLength(1);
  });

  describe('streaming', () => {
    it('emits text and thinking deltas as partial responses, then one final response with the parallel tool uses assembled', async () => {
      const body = AnthropicStandIn.toolUses([
        { id: 'toolu_0', name: 'get_weather', input: { city: 'Paris' } },
        { id: 'toolu_1', name: 'get_weather', input: { city: 'Rome' } },
        { id: 'toolu_2', name: 'get_weather', input: { city: 'Oslo' } },
      ]);
      const withText = { ...body, content: [{ type: 'thinking', thinking: 'Three cities.', signature: 'sig' }, { type: 'text', text: 'Checking now.' }, ...(body as { content: object[] }).content] };
      await startWith({ events: AnthropicStandIn.eventsOf(withText) });
      const responses = await lastValueFrom(claude.generateContent(userRequest('Weather?'), true).pipe(toArray()));
      const partials = responses.filter((r) => r.partial);
      expect(partials.map((r) => r.content?.parts?.[0])).toEqual([{ text: 'Three cities.', thought: true }, { text: 'Checking ' }, { text: 'now.' }]);
      const final = responses.at(-1)!;
      expect(final).toMatchObject({ partial: false, turnComplete: true, finishReason: 'STOP' });
      expect(final.content?.parts).toEqual([
        { text: 'Three cities.', thought: true, thoughtSignature: 'sig' },
        { text: 'Checking now.' },
        { functionCall: { id: 'toolu_0', name: 'get_weather', args: { city: 'Paris' } } },
        { functionCall: { id: 'toolu_1', name: 'get_weather', args: { city: 'Rome' } } },
        { functionCall: { id: 'toolu_2', name: 'get_weather', args: { city: 'Oslo' } } },
      ]);
      expect(final.usageMetadata).toEqual({ promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 });
      expect(standIn.requests[0]!.body).toMatchObject({ stream: true });
    });

    it('turns an error event inside the stream into a ModelError after the chunks before it', async () => {
      const events = AnthropicStandIn.eventsOf(AnthropicStandIn.text('one two three'));
      await startWith({ events: [...events.slice(0, 4), { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }] });
      const { values, error } = await settle(claude.generateContent(userRequest('hi'), true));
      expect(values.map((r) => r.content?.parts?.[0]?.text)).toEqual(['one ', 'two ']);
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).message).toMatch(/Overloaded/);
    });

    it('aborts the stream when unsubscribed mid-stream: the server sees the client leave', async () => {
      const arrived = requestArrival();
      await startWith();
      standIn.enqueue(arrived.answering({ events: AnthropicStandIn.eventsOf(AnthropicStandIn.text('one two three four')), chunkDelayMs: 60_000 }));
      const subscription = claude.generateContent(userRequest('hi'), true).subscribe();
      await arrived.promise;
      subscription.unsubscribe();
      await standIn.whenDisconnected();
      expect(standIn.disconnects).toBe(1);
    });
  });

  describe('errors', () => {
    it.each([
      [429, /HTTP 429 .*Rate limited.*rate limit or quota exceeded/],
      [500, /HTTP 500 .*retry later/],
      [529, /HTTP 529 .*overloaded/],
      [401, /HTTP 401 .*check the API key/],
    ])('maps HTTP %i to a ModelError with the status and the API\'s message', async (status, message) => {
      await startWith({ status, error: status === 429 ? 'Rate limited.' : 'Service failed or overloaded.' });
      const { error } = await settle(claude.generateContent(userRequest('hi')));
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).status).toBe(status);
      expect((error as ModelError).message).toMatch(message);
    });

    it('retries a 529 by default (the SDK\'s retries), then succeeds', async () => {
      standIn = await AnthropicStandIn.start({ script: [{ status: 529, error: 'Overloaded' }, AnthropicStandIn.text('ok')] });
      const retrying = new AnthropicLlm({ model: MODEL, apiKey: 'k', baseURL: standIn.baseUrl });
      const response = await firstValueFrom(retrying.generateContent(userRequest('hi')));
      expect(response.content?.parts).toEqual([{ text: 'ok' }]);
      expect(standIn.requests).toHaveLength(2);
    });

    it('maps a network failure to a ModelError without status', async () => {
      await startWith();
      const url = standIn.baseUrl;
      await standIn.close();
      const offline = new AnthropicLlm({ model: MODEL, apiKey: 'k', baseURL: url, maxRetries: 0 });
      const { error } = await settle(offline.generateContent(userRequest('hi')));
      expect((error as ModelError).status).toBeUndefined();
      expect((error as ModelError).message).toMatch(/Could not reach the Anthropic API/);
    });

    it('fails the first call with MissingCredentialsError without a key', async () => {
      const saved = process.env['ANTHROPIC_API_KEY'];
      delete process.env['ANTHROPIC_API_KEY'];
      try {
        const { error } = await settle(new AnthropicLlm({ model: MODEL }).generateContent(userRequest('hi')));
        expect(error).toBeInstanceOf(MissingCredentialsError);
        expect((error as MissingCredentialsError).variables).toEqual(['ANTHROPIC_API_KEY']);
      } finally {
        if (saved !== undefined) process.env['ANTHROPIC_API_KEY'] = saved;
      }
    });

    it('names the package to install when the SDK cannot be loaded', () => {
      const notFound = Object.assign(new Error("Cannot find package '@anthropic-ai/sdk' imported from /app/x.js"), { code: 'ERR_MODULE_NOT_FOUND' });
      expect(missingSdkError(notFound, '@anthropic-ai/sdk', 'rxadk/anthropic')).toBeInstanceOf(MissingDriverError);
    });

    it('aborts through the request\'s own abortSignal', async () => {
      const arrived = requestArrival();
      await startWith();
      standIn.enqueue(arrived.answering({ body: AnthropicStandIn.text('late'), delayMs: 60_000 }));
      const controller = new AbortController();
      const pending = settle(claude.generateContent(userRequest('hi', { config: { abortSignal: controller.signal } })));
      await arrived.promise;
      controller.abort();
      expect(((await pending).error as ModelError).message).toMatch(/aborted/);
    });
  });
});
