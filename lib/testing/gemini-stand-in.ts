import type { ServerResponse } from 'node:http';
import { type RecordedRequest, ScriptedHttpServer } from './scripted-http-server.js';

export type { RecordedRequest } from './scripted-http-server.js';

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
  /** Sends the next chunk once this settles, given how many were sent (see `SseFrames.nextChunk`). */
  nextChunk?: (sent: number) => PromiseLike<unknown>;
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
export interface GeminiStandInRequest extends RecordedRequest {
  /** The model named in the path (`gemini-2.5-flash`), if the path names one. */
  model: string | undefined;
  /** `generateContent`, `streamGenerateContent`, ... (the part of the path after `:`). */
  action: string | undefined;
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
export class GeminiStandIn extends ScriptedHttpServer<GeminiStandInAnswer, GeminiStandInRequest> {
  /** Starts a stand-in on 127.0.0.1 and a random free port. */
  static start(options: GeminiStandInOptions = {}): Promise<GeminiStandIn> {
    shareUndiciDispatcher();
    return ScriptedHttpServer.listen().then(({ server, baseUrl }) => new GeminiStandIn(server, baseUrl, options.script ?? []));
  }

  protected override describe(request: RecordedRequest): GeminiStandInRequest {
    const match = MODEL_PATH.exec(request.path);
    return { ...request, model: match?.[1] !== undefined ? decodeURIComponent(match[1]) : undefined, action: match?.[2] };
  }

  protected handle(request: GeminiStandInRequest, res: ServerResponse): void {
    const streaming = request.action === 'streamGenerateContent';
    if (request.method !== 'POST' || (request.action !== 'generateContent' && !streaming)) {
      this.sendFailure(res, 404, `GeminiStandIn does not serve ${request.method} ${request.path}.`);
      return;
    }
    const index = this.requests.length - 1;
    const next = this.nextAnswer(request, res);
    if (next === undefined) return;
    let answer: GeminiStandInAnswer;
    try {
      answer = resolveAnswer(next, request);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.sendFailure(res, 500, `GeminiStandIn: script answer #${index + 1} (a function) threw: ${reason}`);
      return;
    }
    this.answer(res, answer, request, index);
  }

  protected sendFailure(res: ServerResponse, status: number, message: string): void {
    this.sendGoogleError(res, { status, error: message });
  }

  private answer(res: ServerResponse, answer: GeminiStandInAnswer, request: GeminiStandInRequest, index: number): void {
    const streaming = request.action === 'streamGenerateContent';
    const sse = request.query['alt'] === 'sse';
    if (isError(answer)) {
      this.later(res, answer.delayMs, () => this.sendGoogleError(res, answer));
    } else if (isStream(answer) || Array.isArray(answer)) {
      const stream: GeminiStandInStream = Array.isArray(answer) ? { chunks: answer } : answer;
      if (!streaming) {
        this.sendFailure(
          res,
          500,
          `GeminiStandIn: script answer #${index + 1} is a stream (chunks) but request #${index + 1} ` +
            `(${request.path}) is not streaming. Script a response body for generateContent.`,
        );
        return;
      }
      this.sendStream(res, stream, sse);
    } else {
      const reply: GeminiStandInReply = isReply(answer) ? answer : { body: answer };
      if (streaming) this.sendStream(res, { chunks: [reply.body], delayMs: reply.delayMs }, sse);
      else this.later(res, reply.delayMs, () => this.sendJson(res, 200, reply.body));
    }
  }

  /** Sends the chunks as server-sent events (or, without `alt=sse`, as one JSON array). */
  private sendStream(res: ServerResponse, stream: GeminiStandInStream, sse: boolean): void {
    if (!sse) {
      this.later(res, stream.delayMs, () => this.sendJson(res, 200, stream.chunks));
      return;
    }
    const frames = stream.chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`);
    this.sendSse(res, { frames, delayMs: stream.delayMs, chunkDelayMs: stream.chunkDelayMs, ...(stream.nextChunk ? { nextChunk: stream.nextChunk } : {}) });
  }

  private sendGoogleError(res: ServerResponse, answer: GeminiStandInError): void {
    const error = typeof answer.error === 'string' ? { message: answer.error } : answer.error;
    this.sendJson(res, answer.status, {
      error: { code: answer.status, status: STATUS_NAMES[answer.status] ?? 'UNKNOWN', ...error },
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
