import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An HTTP error answer, sent in Google's JSON error shape (`{"error":{"code","message","status"}}`).
 *
 * @example
 * ```ts
 * const quota: GeminiStandInError = { status: 429, error: 'Resource has been exhausted (e.g. check quota).' };
 * const detailed: GeminiStandInError = {
 *   status: 429,
 *   error: { message: 'Quota exceeded.', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '39s' }] },
 *   delayMs: 10,
 * };
 * ```
 */
export interface GeminiStandInError {
  status: number;
  /** The error's message, or the whole `error` object (`code` and `status` default from `status`). */
  error: string | { code?: number; message: string; status?: string; details?: unknown[] };
  /** Wait this long before answering. */
  delayMs?: number;
}

/**
 * A non-streaming answer: the `GenerateContentResponse` JSON body, with an optional delay.
 *
 * @example
 * ```ts
 * const slow: GeminiStandInReply = { body: { candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] } }] }, delayMs: 200 };
 * ```
 */
export interface GeminiStandInReply {
  body: object;
  delayMs?: number;
}

/**
 * A streamed answer: one server-sent event per chunk.
 *
 * @example
 * ```ts
 * const text = (t: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text: t }] } }] });
 * const slowStream: GeminiStandInStream = { chunks: [text('Hel'), text('lo')], chunkDelayMs: 100 };
 * ```
 */
export interface GeminiStandInStream {
  chunks: object[];
  /** Wait this long before sending the response headers. */
  delayMs?: number;
  /** Wait this long between two chunks (the first chunk goes out with the headers). */
  chunkDelayMs?: number;
}

/**
 * One scripted answer: a `GenerateContentResponse` body (plain object), an array of chunks (for
 * `streamGenerateContent`), one of the explicit forms ({@link GeminiStandInReply},
 * {@link GeminiStandInStream}, {@link GeminiStandInError}), or a function of the request that
 * returns one of those. A plain body also answers a streaming request (as a single chunk); an
 * array of chunks cannot answer a non-streaming request (that is answered with an HTTP 500 saying so).
 *
 * @example
 * ```ts
 * const script: GeminiStandInAnswer[] = [
 *   { candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, finishReason: 'STOP' }] }, // body
 *   [{ candidates: [{ content: { role: 'model', parts: [{ text: 'He' }] } }] }, { candidates: [] }], // stream
 *   { status: 500, error: 'Internal error.' },                                                   // HTTP error
 *   (request) => ({ candidates: [{ content: { role: 'model', parts: [{ text: `to ${request.model}` }] } }] }),
 * ];
 * ```
 */
export type GeminiStandInAnswer =
  | object
  | object[]
  | GeminiStandInReply
  | GeminiStandInStream
  | GeminiStandInError
  | ((request: GeminiStandInRequest) => GeminiStandInAnswer);

/**
 * A request the stand-in received.
 *
 * @example
 * ```ts
 * const [first] = standIn.requests;
 * first.model;                      // 'gemini-2.5-flash'
 * first.headers['x-goog-api-key'];  // the API key the client sent
 * (first.body as { contents: unknown[] }).contents;
 * ```
 */
export interface GeminiStandInRequest {
  method: string;
  /** The URL path, e.g. `/v1beta/models/gemini-2.5-flash:generateContent`. */
  path: string;
  /** The model named in the path (`gemini-2.5-flash`), if the path names one. */
  model: string | undefined;
  /** `generateContent`, `streamGenerateContent`, ... (the part of the path after `:`). */
  action: string | undefined;
  /** The query parameters, e.g. `{ alt: 'sse' }`. */
  query: Record<string, string>;
  /** The request headers (lower-case names), e.g. `headers['x-goog-api-key']`. */
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (`undefined` when empty; the raw text when it is not JSON). */
  body: unknown;
}

/**
 * Options of {@link GeminiStandIn.start}.
 *
 * @example
 * ```ts
 * const options: GeminiStandInOptions = { script: [{ status: 503, error: 'The model is overloaded.' }] };
 * const standIn = await GeminiStandIn.start(options);
 * ```
 */
export interface GeminiStandInOptions {
  /** The answers, consumed in order, one per `generateContent` / `streamGenerateContent` call. */
  script?: GeminiStandInAnswer[];
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const MODEL_PATH = /\/models\/([^/:]+):([A-Za-z]+)$/;

/**
 * A local HTTP server (127.0.0.1, random port) that speaks the Gemini REST protocol as
 * `@google/genai` uses it, so that tests can drive the real SDK — through {@link Gemini} with
 * `httpOptions.baseUrl` — without network access or API keys:
 *
 * - `POST /v1beta/models/{model}:generateContent` → a JSON `GenerateContentResponse`;
 * - `POST /v1beta/models/{model}:streamGenerateContent?alt=sse` → server-sent events, one
 *   `data: {json}\r\n\r\n` per chunk (as the real API frames them);
 * - scripted HTTP errors in Google's JSON error shape.
 *
 * It answers from a script, in order, records every request in {@link requests}, and counts the
 * clients that hang up before their answer is complete ({@link disconnects}). Node-only.
 *
 * @example
 * ```ts
 * const text = (t: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text: t }] } }] });
 * const standIn = await GeminiStandIn.start({
 *   script: [
 *     text('Hi!'),                                           // generateContent
 *     { chunks: [text('Hel'), text('lo')], chunkDelayMs: 50 }, // streamGenerateContent
 *     { status: 429, error: 'Quota exceeded.' },
 *   ],
 * });
 * const gemini = new Gemini({ model: 'gemini-2.5-flash', apiKey: 'test-key', httpOptions: { baseUrl: standIn.baseUrl } });
 * // ... gemini.generateContent(request) ...
 * standIn.requests[0].body;             // the JSON the SDK sent
 * await standIn.close();
 * ```
 */
export class GeminiStandIn {
  /** Every request received, in order. */
  readonly requests: GeminiStandInRequest[] = [];
  /** How many clients closed the connection before their answer was complete. */
  disconnects = 0;

  private readonly script: GeminiStandInAnswer[];
  private answered = 0;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly disconnectWaiters: Array<{ count: number; resolve: () => void }> = [];

  private constructor(
    private readonly server: Server,
    /** The server's address, e.g. `http://127.0.0.1:54321`: pass it as `httpOptions.baseUrl`. */
    readonly baseUrl: string,
    options: GeminiStandInOptions,
  ) {
    this.script = [...(options.script ?? [])];
  }

  /** Starts a stand-in on 127.0.0.1 and a random free port. */
  static start(options: GeminiStandInOptions = {}): Promise<GeminiStandIn> {
    shareUndiciDispatcher();
    const server = createServer();
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        const standIn = new GeminiStandIn(server, `http://127.0.0.1:${port}`, options);
        standIn.attach();
        resolve(standIn);
      });
    });
  }

  /** Appends answers to the script. */
  enqueue(...answers: GeminiStandInAnswer[]): void {
    this.script.push(...answers);
  }

  /** How many scripted answers have not been used yet. */
  get remaining(): number {
    return this.script.length - this.answered;
  }

  /** Resolves once at least `count` clients have disconnected early (see {@link disconnects}). */
  whenDisconnected(count = 1): Promise<void> {
    if (this.disconnects >= count) return Promise.resolve();
    return new Promise((resolve) => this.disconnectWaiters.push({ count, resolve }));
  }

  /** Stops the server: cancels pending answers and destroys open connections. Safe to call twice. */
  close(): Promise<void> {
    if (!this.server.listening) return Promise.resolve();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const socket of this.sockets) socket.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve, reject) => {
      this.server.close((error) => (error ? reject(error) : resolve()));
    });
  }

  private attach(): void {
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    this.server.on('request', (req: IncomingMessage, res: ServerResponse) => this.receive(req, res));
  }

  private receive(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => this.handle(req, res, Buffer.concat(chunks).toString('utf8')));
  }

  private handle(req: IncomingMessage, res: ServerResponse, text: string): void {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const match = MODEL_PATH.exec(url.pathname);
    const request: GeminiStandInRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      model: match?.[1] !== undefined ? decodeURIComponent(match[1]) : undefined,
      action: match?.[2],
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: parseBody(text),
    };
    this.requests.push(request);
    this.watchForDisconnect(res);

    const streaming = request.action === 'streamGenerateContent';
    if (request.method !== 'POST' || (request.action !== 'generateContent' && !streaming)) {
      sendError(res, 404, `GeminiStandIn does not serve ${request.method} ${request.path}.`);
      return;
    }
    const index = this.answered++;
    if (index >= this.script.length) {
      sendError(
        res,
        500,
        `GeminiStandIn: the script ran out. Request #${index + 1} (${request.method} ${request.path}) has no ` +
          `scripted answer; the script has ${this.script.length}. Add answers to the script (or call enqueue()).`,
      );
      return;
    }
    let answer: GeminiStandInAnswer;
    try {
      answer = resolveAnswer(this.script[index]!, request);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      sendError(res, 500, `GeminiStandIn: script answer #${index + 1} (a function) threw: ${reason}`);
      return;
    }
    this.answer(res, answer, request, index);
  }

  private answer(res: ServerResponse, answer: GeminiStandInAnswer, request: GeminiStandInRequest, index: number): void {
    const streaming = request.action === 'streamGenerateContent';
    const sse = request.query['alt'] === 'sse';
    if (isError(answer)) {
      this.later(res, answer.delayMs, () => sendGoogleError(res, answer));
    } else if (isStream(answer) || Array.isArray(answer)) {
      const stream: GeminiStandInStream = Array.isArray(answer) ? { chunks: answer } : answer;
      if (!streaming) {
        sendError(
          res,
          500,
          `GeminiStandIn: script answer #${index + 1} is a stream (chunks) but request #${index + 1} ` +
            `(${request.path}) is not streaming. Script a response body for generateContent.`,
        );
        return;
      }
      this.later(res, stream.delayMs, () => this.sendStream(res, stream, sse));
    } else {
      const reply: GeminiStandInReply = isReply(answer) ? answer : { body: answer };
      if (streaming) this.later(res, reply.delayMs, () => this.sendStream(res, { chunks: [reply.body] }, sse));
      else this.later(res, reply.delayMs, () => sendJson(res, 200, reply.body));
    }
  }

  /** Sends the chunks as server-sent events (or, without `alt=sse`, as one JSON array). */
  private sendStream(res: ServerResponse, stream: GeminiStandInStream, sse: boolean): void {
    if (!sse) {
      sendJson(res, 200, stream.chunks);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.flushHeaders();
    const sendFrom = (i: number): void => {
      if (i >= stream.chunks.length) {
        res.end();
        return;
      }
      res.write(`data: ${JSON.stringify(stream.chunks[i])}\r\n\r\n`);
      this.later(res, i + 1 < stream.chunks.length ? stream.chunkDelayMs : 0, () => sendFrom(i + 1));
    };
    sendFrom(0);
  }

  /** Runs `action` after `delayMs` (at once without a delay), unless the client has gone. */
  private later(res: ServerResponse, delayMs: number | undefined, action: () => void): void {
    if (!delayMs) {
      if (!res.destroyed) action();
      return;
    }
    const cancel = (): void => {
      clearTimeout(timer); // the client has gone: nothing more to send
      this.timers.delete(timer);
    };
    const timer = setTimeout(() => {
      res.off('close', cancel);
      this.timers.delete(timer);
      if (!res.destroyed) action();
    }, delayMs);
    this.timers.add(timer);
    res.once('close', cancel);
  }

  private watchForDisconnect(res: ServerResponse): void {
    res.once('close', () => {
      if (res.writableFinished) return;
      this.disconnects++;
      for (const waiter of this.disconnectWaiters.filter((w) => this.disconnects >= w.count)) {
        this.disconnectWaiters.splice(this.disconnectWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  }
}

const UNDICI_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/**
 * Makes Node's fetch dispatcher visible to `@google/genai` inside a sandboxed realm. On Node the
 * SDK looks up undici's global dispatcher on `globalThis[Symbol.for('undici.globalDispatcher.1')]`
 * and fails with "Undici globalDispatcher is not available." when it is missing — which is the
 * case under Jest, whose `vm` sandbox copies only the string-keyed globals (`fetch`, `Headers`)
 * of the real global object. The dispatcher is read from the realm `fetch` comes from and set on
 * this realm's global object; outside a sandbox (or when it is already there) nothing changes.
 */
function shareUndiciDispatcher(): void {
  const here = globalThis as Record<symbol, unknown>;
  if (here[UNDICI_DISPATCHER] !== undefined || typeof fetch !== 'function' || typeof Headers !== 'function') return;
  new Headers(); // initialises undici (and its global dispatcher) in the realm fetch belongs to
  const realmOfFetch = (fetch.constructor as FunctionConstructor)('return globalThis')() as Record<symbol, unknown>;
  if (realmOfFetch !== here && realmOfFetch[UNDICI_DISPATCHER] !== undefined) {
    here[UNDICI_DISPATCHER] = realmOfFetch[UNDICI_DISPATCHER];
  }
}

function resolveAnswer(answer: GeminiStandInAnswer, request: GeminiStandInRequest): GeminiStandInAnswer {
  return typeof answer === 'function' ? resolveAnswer(answer(request), request) : answer;
}

function isError(answer: GeminiStandInAnswer): answer is GeminiStandInError {
  return typeof (answer as GeminiStandInError).status === 'number' && 'error' in answer;
}

function isStream(answer: GeminiStandInAnswer): answer is GeminiStandInStream {
  return Array.isArray((answer as GeminiStandInStream).chunks);
}

function isReply(answer: GeminiStandInAnswer): answer is GeminiStandInReply {
  return 'body' in answer && typeof (answer as GeminiStandInReply).body === 'object';
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function sendGoogleError(res: ServerResponse, answer: GeminiStandInError): void {
  const error = typeof answer.error === 'string' ? { message: answer.error } : answer.error;
  sendJson(res, answer.status, {
    error: { code: answer.status, status: STATUS_NAMES[answer.status] ?? 'UNKNOWN', ...error },
  });
}

function sendError(res: ServerResponse, status: number, message: string): void {
  sendGoogleError(res, { status, error: message });
}
