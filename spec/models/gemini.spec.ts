import { jest } from '@jest/globals';
import { FinishReason, type Part } from '@google/genai';
import { firstValueFrom, lastValueFrom, type Observable, toArray } from 'rxjs';
import { Gemini } from '../../lib/models/gemini.js';
import { LLMRegistry } from '../../lib/models/llm-registry.js';
import { createLlmRequest, type LlmRequest } from '../../lib/models/llm-request.js';
import type { LlmResponse } from '../../lib/models/llm-response.js';
import { GeminiStandIn, type GeminiStandInAnswer } from '../../lib/testing/gemini-stand-in.js';
import { ModelError } from '../../lib/utils/errors.js';

const MODEL = 'gemini-2.5-flash';

/** A GenerateContentResponse JSON body with one candidate. */
function answer(parts: Part[], extra: Record<string, unknown> = {}, finishReason?: string): object {
  return {
    candidates: [{ content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}), index: 0 }],
    ...extra,
  };
}

function userRequest(text: string, init: Partial<LlmRequest> = {}): LlmRequest {
  return createLlmRequest({ contents: [{ role: 'user', parts: [{ text }] }], ...init });
}

/** Everything an Observable emits, and how it ended. */
function settle<T>(source: Observable<T>): Promise<{ values: T[]; error?: unknown }> {
  return new Promise((resolve) => {
    const values: T[] = [];
    source.subscribe({
      next: (value) => values.push(value),
      error: (error: unknown) => resolve({ values, error }),
      complete: () => resolve({ values }),
    });
  });
}

describe('Gemini (real @google/genai client against GeminiStandIn)', () => {
  let standIn: GeminiStandIn;
  let gemini: Gemini;

  async function startWith(...script: GeminiStandInAnswer[]): Promise<void> {
    standIn = await GeminiStandIn.start({ script });
    gemini = new Gemini({ model: MODEL, apiKey: 'test-key', httpOptions: { baseUrl: standIn.baseUrl } });
  }

  afterEach(async () => {
    await standIn?.close();
  });

  describe('without streaming', () => {
    it('emits one response mapped from the API answer, then completes', async () => {
      await startWith(
        answer([{ text: 'It is sunny in Paris.' }], {
          usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 6, totalTokenCount: 13 },
          modelVersion: 'gemini-2.5-flash-001',
        }, 'STOP'),
      );

      const responses = await lastValueFrom(gemini.generateContent(userRequest('Weather in Paris?')).pipe(toArray()));

      expect(responses).toEqual([
        {
          content: { role: 'model', parts: [{ text: 'It is sunny in Paris.' }] },
          finishReason: FinishReason.STOP,
          usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 6, totalTokenCount: 13 },
          modelVersion: 'gemini-2.5-flash-001',
        },
      ]);
      expect(responses[0]!.partial).toBeUndefined();
    });

    it('passes a function call answer through as content', async () => {
      const call = { id: 'call-1', name: 'get_weather', args: { city: 'Paris' } };
      await startWith(answer([{ functionCall: call }], {}, 'STOP'));

      const response = await firstValueFrom(gemini.generateContent(userRequest('Weather in Paris?')));

      expect(response.content?.parts).toEqual([{ functionCall: call }]);
    });

    it('sends the model, contents, system instruction, tools, generation config and API key', async () => {
      await startWith(answer([{ text: 'ok' }], {}, 'STOP'));
      const request = userRequest('Weather in Paris?', {
        config: {
          systemInstruction: 'You are a weather bot.',
          temperature: 0.2,
          maxOutputTokens: 256,
          tools: [
            {
              functionDeclarations: [
                {
                  name: 'get_weather',
                  description: 'Current weather of a city.',
                  parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } },
                },
              ],
            },
          ],
        },
      });

      await firstValueFrom(gemini.generateContent(request));

      expect(standIn.requests).toHaveLength(1);
      const received = standIn.requests[0]!;
      expect(received.method).toBe('POST');
      expect(received.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
      expect(received.model).toBe(MODEL);
      expect(received.headers['x-goog-api-key']).toBe('test-key');
      expect(received.body).toEqual({
        contents: [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }],
        systemInstruction: { role: 'user', parts: [{ text: 'You are a weather bot.' }] },
        tools: request.config.tools,
        generationConfig: { temperature: 0.2, maxOutputTokens: 256 },
      });
    });

    it('uses the request\'s model over the instance\'s and never sends toolsDict', async () => {
      await startWith(answer([{ text: 'ok' }], {}, 'STOP'));
      const request = userRequest('hi', { model: 'gemini-2.5-pro' });
      request.toolsDict = { secret_tool: { name: 'secret_tool' } as never };

      await firstValueFrom(gemini.generateContent(request));

      expect(standIn.requests[0]!.model).toBe('gemini-2.5-pro');
      expect(JSON.stringify(standIn.requests[0]!.body)).not.toContain('secret_tool');
    });

    it('is cold: nothing is sent before subscription', async () => {
      await startWith(answer([{ text: 'second' }], {}, 'STOP'));

      const notSubscribed = gemini.generateContent(userRequest('first'));
      await firstValueFrom(gemini.generateContent(userRequest('second')));

      expect(notSubscribed).toBeDefined();
      expect(standIn.requests.map((r) => (r.body as LlmRequest).contents[0]!.parts![0]!.text)).toEqual(['second']);
    });

    it('maps a blocked prompt (no candidates, promptFeedback) to errorCode and errorMessage', async () => {
      await startWith({
        promptFeedback: { blockReason: 'SAFETY', blockReasonMessage: 'The prompt was blocked for safety.' },
        usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
      });

      const response = await firstValueFrom(gemini.generateContent(userRequest('something bad')));

      expect(response).toEqual({
        errorCode: 'SAFETY',
        errorMessage: 'The prompt was blocked for safety.',
        usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 },
      });
      expect(response.content).toBeUndefined();
    });

    it('aborts the HTTP request when unsubscribed before the answer, without an error', async () => {
      let arrived!: () => void;
      const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
      await startWith(
        () => {
          arrived();
          return { body: answer([{ text: 'too late' }], {}, 'STOP'), delayMs: 60_000 };
        },
        answer([{ text: 'next' }], {}, 'STOP'),
      );
      const seen: string[] = [];

      const subscription = gemini.generateContent(userRequest('slow')).subscribe({
        next: () => seen.push('next'),
        error: () => seen.push('error'),
        complete: () => seen.push('complete'),
      });
      await requestArrived;
      subscription.unsubscribe();
      await standIn.whenDisconnected();
      await firstValueFrom(gemini.generateContent(userRequest('next'))); // lets any late delivery happen

      expect(standIn.disconnects).toBe(1);
      expect(seen).toEqual([]);
    });
  });

  describe('with streaming (SSE)', () => {
    const chunks = [
      answer([{ text: 'Let me think', thought: true }]),
      answer([{ text: 'It is ' }]),
      answer([{ text: 'sunny.' }]),
      answer([{ functionCall: { id: 'c1', name: 'log_weather', args: { city: 'Paris' } } }], {
        usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 9, totalTokenCount: 16 },
        modelVersion: 'gemini-2.5-flash-001',
      }, 'STOP'),
    ];

    it('emits every chunk as a partial response, then one aggregated final response', async () => {
      await startWith(chunks);

      const responses = await lastValueFrom(gemini.generateContent(userRequest('Weather?'), true).pipe(toArray()));

      expect(standIn.requests[0]!.path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent`);
      expect(standIn.requests[0]!.query).toEqual({ alt: 'sse' });
      expect(responses.map((r) => r.partial)).toEqual([true, true, true, true, false]);
      expect(responses.slice(0, 4).map((r) => r.content?.parts)).toEqual([
        [{ text: 'Let me think', thought: true }],
        [{ text: 'It is ' }],
        [{ text: 'sunny.' }],
        [{ functionCall: { id: 'c1', name: 'log_weather', args: { city: 'Paris' } } }],
      ]);
      expect(responses[4]).toEqual({
        content: {
          role: 'model',
          parts: [
            { text: 'Let me think', thought: true },
            { text: 'It is sunny.' },
            { functionCall: { id: 'c1', name: 'log_weather', args: { city: 'Paris' } } },
          ],
        },
        finishReason: FinishReason.STOP,
        usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 9, totalTokenCount: 16 },
        modelVersion: 'gemini-2.5-flash-001',
        partial: false,
        turnComplete: true,
      });
    });

    it('never marks a chunk turnComplete: only the aggregate completes the turn', async () => {
      await startWith(chunks);

      const responses = await lastValueFrom(gemini.generateContent(userRequest('Weather?'), true).pipe(toArray()));

      expect(responses.map((r) => r.turnComplete === true)).toEqual([false, false, false, false, true]);
    });

    it('aborts the stream when unsubscribed mid-stream: the server sees the client leave, nothing more arrives', async () => {
      await startWith(
        { chunks: [answer([{ text: 'one ' }]), answer([{ text: 'two ' }]), answer([{ text: 'three' }], {}, 'STOP')], chunkDelayMs: 60_000 },
        answer([{ text: 'next' }], {}, 'STOP'),
      );
      const seen: string[] = [];
      let firstChunk!: () => void;
      const firstChunkArrived = new Promise<void>((resolve) => (firstChunk = resolve));

      const subscription = gemini.generateContent(userRequest('count'), true).subscribe({
        next: (response: LlmResponse) => {
          seen.push(response.content?.parts?.[0]?.text ?? '?');
          firstChunk();
        },
        error: () => seen.push('error'),
        complete: () => seen.push('complete'),
      });
      await firstChunkArrived;
      subscription.unsubscribe();
      await standIn.whenDisconnected();
      await firstValueFrom(gemini.generateContent(userRequest('next'))); // lets any late delivery happen

      expect(standIn.disconnects).toBe(1);
      expect(seen).toEqual(['one ']);
    });

    it('turns an error event inside the stream into a ModelError after the chunks before it', async () => {
      await startWith([
        answer([{ text: 'partial ' }]),
        { error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } },
      ]);

      const { values, error } = await settle(gemini.generateContent(userRequest('hi'), true));

      expect(values.map((r) => [r.partial, r.content?.parts?.[0]?.text])).toEqual([[true, 'partial ']]);
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).status).toBe(503);
      expect((error as ModelError).message).toContain('The model is overloaded. Please try again later.');
    });
  });

  describe('errors', () => {
    it('maps HTTP 429 to a ModelError with the status, the API\'s message and advice', async () => {
      await startWith({
        status: 429,
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '39s' }],
        },
      });

      const { values, error } = await settle(gemini.generateContent(userRequest('hi')));

      expect(values).toEqual([]);
      expect(error).toBeInstanceOf(ModelError);
      const modelError = error as ModelError;
      expect(modelError.status).toBe(429);
      expect(modelError.model).toBe(MODEL);
      expect(modelError.code).toBe('MODEL_ERROR');
      expect(modelError.message).toContain('You exceeded your current quota, please check your plan and billing details.');
      expect(modelError.message).toContain('RESOURCE_EXHAUSTED');
      expect(modelError.message).toMatch(/retry/i);
      expect(modelError.message).toContain('39s');
      expect(modelError.message).not.toContain('{"error"'); // the JSON was parsed, not dumped
    });

    it('maps HTTP 500 to a ModelError with status 500 (also for a streaming call)', async () => {
      await startWith(
        { status: 500, error: 'An internal error has occurred.' },
        { status: 500, error: 'An internal error has occurred.' },
      );

      const single = await settle(gemini.generateContent(userRequest('hi')));
      const streamed = await settle(gemini.generateContent(userRequest('hi'), true));

      for (const { values, error } of [single, streamed]) {
        expect(values).toEqual([]);
        expect(error).toBeInstanceOf(ModelError);
        expect((error as ModelError).status).toBe(500);
        expect((error as ModelError).message).toContain('An internal error has occurred.');
        expect((error as ModelError).message).toMatch(/retry later/);
      }
    });

    it('tells the user to check the API key on HTTP 401 and 403', async () => {
      await startWith(
        { status: 403, error: 'Method doesn\'t allow unregistered callers.' },
        { status: 401, error: 'API key not valid. Please pass a valid API key.' },
      );

      const forbidden = await settle(gemini.generateContent(userRequest('hi')));
      const unauthenticated = await settle(gemini.generateContent(userRequest('hi')));

      expect((forbidden.error as ModelError).status).toBe(403);
      expect((forbidden.error as ModelError).message).toContain('Method doesn\'t allow unregistered callers.');
      expect((forbidden.error as ModelError).message).toContain('GEMINI_API_KEY');
      expect((unauthenticated.error as ModelError).status).toBe(401);
      expect((unauthenticated.error as ModelError).message).toContain('API key not valid.');
    });

    it('maps a network failure to a ModelError without status', async () => {
      await startWith();
      const unreachable = new Gemini({ model: MODEL, apiKey: 'k', httpOptions: { baseUrl: standIn.baseUrl } });
      await standIn.close();

      const { values, error } = await settle(unreachable.generateContent(userRequest('hi')));

      expect(values).toEqual([]);
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).status).toBeUndefined();
      expect((error as ModelError).message).toContain('Could not reach the Gemini API');
      expect((error as ModelError).message).toContain('httpOptions.baseUrl');
    });

    it('reports a client that cannot be created as a ModelError, at subscription', async () => {
      const misconfigured = new Gemini({ model: MODEL, apiKey: 'k', project: 'p' }); // project without vertexai

      const { values, error } = await settle(misconfigured.generateContent(userRequest('hi')));

      expect(values).toEqual([]);
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).message).toContain('Project and location are not supported');
    });

    it('reports an abort through the request\'s own abortSignal as a ModelError', async () => {
      let arrived!: () => void;
      const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
      await startWith(() => {
        arrived();
        return { body: answer([{ text: 'late' }], {}, 'STOP'), delayMs: 60_000 };
      });
      const caller = new AbortController();

      const outcome = settle(gemini.generateContent(userRequest('hi', { config: { abortSignal: caller.signal } })));
      await requestArrived;
      caller.abort();
      const { values, error } = await outcome;

      expect(values).toEqual([]);
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).message).toContain('aborted');
    });
  });

  describe('API key and client', () => {
    const saved = { GEMINI_API_KEY: process.env['GEMINI_API_KEY'], GOOGLE_API_KEY: process.env['GOOGLE_API_KEY'] };

    afterEach(() => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it('uses GEMINI_API_KEY when no apiKey is given', async () => {
      await startWith(answer([{ text: 'ok' }], {}, 'STOP'));
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined); // the SDK warns when both are set
      process.env['GEMINI_API_KEY'] = 'key-from-gemini-env';
      process.env['GOOGLE_API_KEY'] = 'key-from-google-env';
      const fromEnv = new Gemini({ model: MODEL, httpOptions: { baseUrl: standIn.baseUrl } });

      await firstValueFrom(fromEnv.generateContent(userRequest('hi')));

      expect(standIn.requests[0]!.headers['x-goog-api-key']).toBe('key-from-gemini-env');
      warn.mockRestore();
    });

    it('falls back to GOOGLE_API_KEY', async () => {
      await startWith(answer([{ text: 'ok' }], {}, 'STOP'));
      delete process.env['GEMINI_API_KEY'];
      process.env['GOOGLE_API_KEY'] = 'key-from-google-env';
      const fromEnv = new Gemini({ model: MODEL, httpOptions: { baseUrl: standIn.baseUrl } });

      await firstValueFrom(fromEnv.generateContent(userRequest('hi')));

      expect(standIn.requests[0]!.headers['x-goog-api-key']).toBe('key-from-google-env');
    });

    it('creates the client once and reuses it', async () => {
      await startWith(answer([{ text: 'a' }], {}, 'STOP'), answer([{ text: 'b' }], {}, 'STOP'));

      const first = await gemini.apiClient();
      const texts = [
        (await firstValueFrom(gemini.generateContent(userRequest('1')))).content?.parts?.[0]?.text,
        (await firstValueFrom(gemini.generateContent(userRequest('2')))).content?.parts?.[0]?.text,
      ];

      expect(texts).toEqual(['a', 'b']);
      expect(await gemini.apiClient()).toBe(first);
    });

    it('does not change the httpOptions object it was given', async () => {
      const httpOptions = { baseUrl: 'http://127.0.0.1:9', headers: { 'x-test': '1' } };
      const model = new Gemini({ model: MODEL, apiKey: 'k', httpOptions });

      expect(await model.apiClient()).toBeDefined();
      expect(httpOptions).toEqual({ baseUrl: 'http://127.0.0.1:9', headers: { 'x-test': '1' } });
    });
  });

  describe('LLMRegistry', () => {
    afterEach(() => LLMRegistry.clear());

    it('serves the model names ADK routes to Gemini', () => {
      LLMRegistry.register(Gemini);

      const llm = LLMRegistry.newLlm('gemini-2.5-flash');

      expect(llm).toBeInstanceOf(Gemini);
      expect(llm.model).toBe('gemini-2.5-flash');
      expect(LLMRegistry.newLlm('model-optimizer-preview')).toBeInstanceOf(Gemini);
      expect(LLMRegistry.newLlm('projects/p/locations/us-central1/endpoints/123')).toBeInstanceOf(Gemini);
      expect(
        LLMRegistry.newLlm('projects/p/locations/us-central1/publishers/google/models/gemini-2.5-pro'),
      ).toBeInstanceOf(Gemini);
      expect(() => LLMRegistry.resolve('claude-sonnet-4')).toThrow(/No model is registered/);
    });
  });
});
