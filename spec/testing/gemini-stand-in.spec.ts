import { GeminiStandIn, type GeminiStandInRequest } from '../../lib/testing/gemini-stand-in.js';

const body = (text: string) => ({
  candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
});

describe('GeminiStandIn', () => {
  let standIn: GeminiStandIn;

  afterEach(async () => {
    await standIn?.close();
  });

  function post(path: string, json: unknown = { contents: [] }, init: RequestInit = {}): Promise<Response> {
    return fetch(`${standIn.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'the-key' },
      body: JSON.stringify(json),
      ...init,
    });
  }

  it('listens on 127.0.0.1 and a random port', async () => {
    standIn = await GeminiStandIn.start();

    expect(standIn.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(standIn.baseUrl).not.toMatch(/:0$/);
  });

  it('answers generateContent with the scripted JSON body and records the request', async () => {
    standIn = await GeminiStandIn.start({ script: [body('Hello')] });
    const sent = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

    const response = await post('/v1beta/models/gemini-2.5-flash:generateContent', sent);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual(body('Hello'));
    expect(standIn.requests).toEqual([
      expect.objectContaining<Partial<GeminiStandInRequest>>({
        method: 'POST',
        path: '/v1beta/models/gemini-2.5-flash:generateContent',
        model: 'gemini-2.5-flash',
        action: 'generateContent',
        query: {},
        body: sent,
      }),
    ]);
    expect(standIn.requests[0]!.headers['x-goog-api-key']).toBe('the-key');
  });

  it('streams chunks as server-sent events framed "data: {json}\\r\\n\\r\\n"', async () => {
    const chunks = [body('a'), body('b'), body('c')];
    standIn = await GeminiStandIn.start({ script: [chunks] });

    const response = await post('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');

    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe(chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join(''));
    expect(standIn.requests[0]!.action).toBe('streamGenerateContent');
    expect(standIn.requests[0]!.query).toEqual({ alt: 'sse' });
  });

  it('streams with delays when asked ({ chunks, delayMs, chunkDelayMs })', async () => {
    standIn = await GeminiStandIn.start({ script: [{ chunks: [body('a'), body('b')], delayMs: 5, chunkDelayMs: 5 }] });

    const response = await post('/v1beta/models/m:streamGenerateContent?alt=sse');

    expect(await response.text()).toBe(`data: ${JSON.stringify(body('a'))}\r\n\r\ndata: ${JSON.stringify(body('b'))}\r\n\r\n`);
  });

  it('sends the next chunk only once nextChunk settles ({ chunks, nextChunk }), told how many were sent', async () => {
    let release!: () => void;
    const asked: number[] = [];
    const nextChunk = (sent: number) => {
      asked.push(sent);
      return new Promise<void>((done) => (release = done));
    };
    standIn = await GeminiStandIn.start({ script: [{ chunks: [body('a'), body('b')], nextChunk }] });

    const response = await post('/v1beta/models/m:streamGenerateContent?alt=sse');
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe(`data: ${JSON.stringify(body('a'))}\r\n\r\n`);
    expect(asked).toEqual([1]);
    const second = reader.read();
    const pending = await Promise.race([second.then(() => 'sent'), new Promise((done) => setImmediate(() => done('held')))]);
    expect(pending).toBe('held');
    release();
    expect(new TextDecoder().decode((await second).value)).toBe(`data: ${JSON.stringify(body('b'))}\r\n\r\n`);
    expect((await reader.read()).done).toBe(true);
  });

  it('answers streamGenerateContent without alt=sse with a JSON array, like the REST API', async () => {
    standIn = await GeminiStandIn.start({ script: [[body('a'), body('b')]] });

    const response = await post('/v1beta/models/m:streamGenerateContent');

    expect(await response.json()).toEqual([body('a'), body('b')]);
  });

  it('answers a streaming request with a plain body as a single event', async () => {
    standIn = await GeminiStandIn.start({ script: [{ body: body('whole'), delayMs: 1 }] });

    const response = await post('/v1beta/models/m:streamGenerateContent?alt=sse');

    expect(await response.text()).toBe(`data: ${JSON.stringify(body('whole'))}\r\n\r\n`);
  });

  it('refuses to answer a non-streaming request with chunks, saying why', async () => {
    standIn = await GeminiStandIn.start({ script: [[body('a')]] });

    const response = await post('/v1beta/models/m:generateContent');

    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/is a stream .* not streaming/);
  });

  it('answers { status, error } in Google\'s JSON error shape', async () => {
    standIn = await GeminiStandIn.start({
      script: [
        { status: 429, error: 'Quota exceeded.' },
        { status: 400, error: { message: 'Bad field.', status: 'FAILED_PRECONDITION', details: [{ reason: 'x' }] } },
      ],
    });

    const quota = await post('/v1beta/models/m:generateContent');
    const bad = await post('/v1beta/models/m:streamGenerateContent?alt=sse');

    expect(quota.status).toBe(429);
    expect(quota.headers.get('content-type')).toContain('application/json');
    expect(await quota.json()).toEqual({ error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: 400, message: 'Bad field.', status: 'FAILED_PRECONDITION', details: [{ reason: 'x' }] },
    });
  });

  it('answers with HTTP 500 and a clear message when the script has run out', async () => {
    standIn = await GeminiStandIn.start({ script: [body('only')] });

    await post('/v1beta/models/m:generateContent');
    const second = await post('/v1beta/models/m:generateContent');

    expect(second.status).toBe(500);
    const { error } = (await second.json()) as { error: { code: number; message: string; status: string } };
    expect(error.code).toBe(500);
    expect(error.status).toBe('INTERNAL');
    expect(error.message).toContain('script ran out');
    expect(error.message).toContain('Request #2');
  });

  it('calls a function answer with the request', async () => {
    standIn = await GeminiStandIn.start({
      script: [(request) => body(`you asked ${request.model}`)],
    });

    const response = await post('/v1beta/models/gemini-2.5-pro:generateContent');

    expect(await response.json()).toEqual(body('you asked gemini-2.5-pro'));
  });

  it('answers HTTP 500 when a function answer throws', async () => {
    standIn = await GeminiStandIn.start({
      script: [
        () => {
          throw new Error('no answer for you');
        },
      ],
    });

    const response = await post('/v1beta/models/m:generateContent');

    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('no answer for you');
  });

  it('takes more answers with enqueue() and counts the remaining ones', async () => {
    standIn = await GeminiStandIn.start({ script: [body('1')] });
    standIn.enqueue(body('2'), body('3'));

    await post('/v1beta/models/m:generateContent');
    const second = await post('/v1beta/models/m:generateContent');

    expect(await second.json()).toEqual(body('2'));
    expect(standIn.remaining).toBe(1);
  });

  it('answers 404 for paths it does not serve, without using the script', async () => {
    standIn = await GeminiStandIn.start({ script: [body('kept')] });

    const unknown = await fetch(`${standIn.baseUrl}/v1beta/models`);
    const served = await post('/v1beta/models/m:generateContent');

    expect(unknown.status).toBe(404);
    expect(await served.json()).toEqual(body('kept'));
    expect(standIn.requests.map((r) => r.path)).toEqual(['/v1beta/models', '/v1beta/models/m:generateContent']);
  });

  it('counts clients that hang up before their answer is complete, and only those', async () => {
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    standIn = await GeminiStandIn.start({
      script: [
        body('normal'),
        () => {
          arrived();
          return { body: body('never sent'), delayMs: 60_000 };
        },
      ],
    });
    await (await post('/v1beta/models/m:generateContent')).json();
    const client = new AbortController();

    const aborted = post('/v1beta/models/m:generateContent', {}, { signal: client.signal }).catch((e: Error) => e.name);
    await requestArrived;
    client.abort();
    await standIn.whenDisconnected();

    expect(await aborted).toBe('AbortError');
    expect(standIn.disconnects).toBe(1);
    await expect(standIn.whenDisconnected(1)).resolves.toBeUndefined();
  });

  it('counts a client that leaves in the middle of a stream', async () => {
    standIn = await GeminiStandIn.start({ script: [{ chunks: [body('a'), body('b')], chunkDelayMs: 60_000 }] });
    const client = new AbortController();

    const response = await post('/v1beta/models/m:streamGenerateContent?alt=sse', {}, { signal: client.signal });
    const reader = response.body!.getReader();
    let received = '';
    while (!received.endsWith('\r\n\r\n')) {
      const { done, value } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    client.abort();
    await standIn.whenDisconnected();

    expect(received).toBe(`data: ${JSON.stringify(body('a'))}\r\n\r\n`);
    expect(standIn.disconnects).toBe(1);
  });

  it('close() stops the server, even with answers pending, and can be called twice', async () => {
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    standIn = await GeminiStandIn.start({
      script: [
        () => {
          arrived();
          return { body: body('late'), delayMs: 60_000 };
        },
      ],
    });
    const pending = post('/v1beta/models/m:generateContent').then(
      () => 'answered',
      () => 'failed',
    );
    await requestArrived;

    await standIn.close();
    await standIn.close();

    expect(await pending).toBe('failed');
    await expect(fetch(`${standIn.baseUrl}/v1beta/models/m:generateContent`, { method: 'POST' })).rejects.toThrow();
  });
});
