import type { ServerResponse } from 'node:http';
import { type RecordedRequest, ScriptedHttpServer } from './scripted-http-server.js';

export type { RecordedRequest } from './scripted-http-server.js';

/**
 * An HTTP error answer, in OpenAI's error shape (`{"error":{"message","type","param","code"}}`).
 *
 * @example
 * ```ts
 * const limited: OpenAiStandInError = { status: 429, error: 'Rate limit reached for gpt-4o-mini.' };
 * ```
 */
export interface OpenAiStandInError {
  status: number;
  /** The message, or the whole `error` object. */
  error: string | { message: string; type?: string; code?: string | null; param?: string | null };
  delayMs?: number;
}

/**
 * A streamed answer: `ChatCompletionChunk` objects, one server-sent event each, then `[DONE]`.
 *
 * @example
 * ```ts
 * const slow: OpenAiStandInStream = { chunks: OpenAiStandIn.chunksOf(OpenAiStandIn.text('Hello there')), chunkDelayMs: 50 };
 * ```
 */
export interface OpenAiStandInStream {
  chunks: object[];
  delayMs?: number;
  chunkDelayMs?: number;
  /** How many chunks go out at once, before the `chunkDelayMs` pauses start. Default 1. */
  burst?: number;
}

/**
 * A non-streaming answer (a `ChatCompletion` body) with a delay.
 *
 * @example
 * ```ts
 * const late: OpenAiStandInReply = { body: OpenAiStandIn.text('Hi'), delayMs: 100 };
 * ```
 */
export interface OpenAiStandInReply {
  body: object;
  delayMs?: number;
}

/**
 * One scripted answer: a `ChatCompletion` body (it also answers a streaming request, split into
 * chunks by {@link OpenAiStandIn.chunksOf}), an array of chunks, one of the explicit forms, or a
 * function of the request.
 *
 * @example
 * ```ts
 * const script: OpenAiStandInAnswer[] = [OpenAiStandIn.toolCalls([{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }]), OpenAiStandIn.text('Sunny.')];
 * ```
 */
export type OpenAiStandInAnswer =
  | object
  | object[]
  | OpenAiStandInReply
  | OpenAiStandInStream
  | OpenAiStandInError
  | ((request: RecordedRequest) => OpenAiStandInAnswer);

/** A tool call for {@link OpenAiStandIn.toolCalls}; without `id`, the call has none (as some servers send). */
export interface OpenAiStandInToolCall {
  id?: string;
  name: string;
  args: Record<string, unknown>;
}

const PATHS = new Set(['/v1/chat/completions', '/chat/completions']);
const ERROR_TYPES = new Map([
  [400, 'invalid_request_error'],
  [401, 'invalid_request_error'],
  [403, 'permission_error'],
  [404, 'invalid_request_error'],
  [429, 'rate_limit_exceeded'],
]);

/**
 * A local HTTP server (127.0.0.1, random port) that speaks OpenAI's Chat Completions API as the
 * official `openai` SDK uses it, so tests drive the real SDK — through `OpenAiLlm` with
 * `baseURL: standIn.baseUrl + '/v1'` — with no network and no key:
 * - `POST /v1/chat/completions` → a JSON `ChatCompletion`, or with `stream: true` server-sent
 *   events (`data: {chunk}`, then `data: [DONE]`);
 * - scripted HTTP errors in OpenAI's error shape;
 * - requests recorded ({@link requests}: parsed bodies, headers), early hang-ups counted
 *   ({@link disconnects}, `whenDisconnected()`), slow streams (`chunkDelayMs`).
 * Node-only.
 *
 * @example
 * ```ts
 * const standIn = await OpenAiStandIn.start({ script: [OpenAiStandIn.text('Hi!')] });
 * const llm = new OpenAiLlm({ model: 'gpt-4o-mini', apiKey: 'test', baseURL: `${standIn.baseUrl}/v1` });
 * // ... llm.generateContent(request) ...
 * standIn.requests[0].body; // the JSON the SDK sent
 * await standIn.close();
 * ```
 */
export class OpenAiStandIn extends ScriptedHttpServer<OpenAiStandInAnswer> {
  /** Starts a stand-in on 127.0.0.1 and a random free port. */
  static start(options: { script?: OpenAiStandInAnswer[] } = {}): Promise<OpenAiStandIn> {
    return ScriptedHttpServer.listen().then(({ server, baseUrl }) => new OpenAiStandIn(server, baseUrl, options.script ?? []));
  }

  /** A `ChatCompletion` whose message is `text`. */
  static text(text: string, usage = { prompt_tokens: 10, completion_tokens: 5 }): object {
    return completion({ role: 'assistant', content: text }, 'stop', usage);
  }

  /** A `ChatCompletion` whose message calls tools (in parallel when several). */
  static toolCalls(calls: readonly OpenAiStandInToolCall[], usage = { prompt_tokens: 10, completion_tokens: 5 }): object {
    const toolCalls = calls.map((call) => ({ ...(call.id ? { id: call.id } : {}), type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }));
    return completion({ role: 'assistant', content: null, tool_calls: toolCalls }, 'tool_calls', usage);
  }

  /**
   * A `ChatCompletion` as the chunks a streaming server sends: the text word by word, each tool
   * call's name first and its arguments in two fragments, the finish reason, and the usage in a
   * last chunk with no choices.
   */
  static chunksOf(body: object): object[] {
    const { id, model, choices, usage } = body as { id: string; model: string; choices: Array<{ message: Message; finish_reason: string }>; usage: object };
    const chunk = (delta: object, finish: string | null = null) => ({ id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] });
    const message = choices[0]!.message;
    const words = message.content ? message.content.split(/(?<= )/) : [];
    const calls = (message.tool_calls ?? []).flatMap((call, index) => {
      const half = Math.ceil(call.function.arguments.length / 2);
      return [
        chunk({ tool_calls: [{ index, ...(call.id ? { id: call.id } : {}), type: 'function', function: { name: call.function.name, arguments: '' } }] }),
        chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(0, half) } }] }),
        chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(half) } }] }),
      ];
    });
    return [
      chunk({ role: 'assistant', content: '' }),
      ...words.map((word) => chunk({ content: word })),
      ...calls,
      chunk({}, choices[0]!.finish_reason),
      { id, object: 'chat.completion.chunk', created: 0, model, choices: [], usage },
    ];
  }

  protected handle(request: RecordedRequest, res: ServerResponse): void {
    if (request.method !== 'POST' || !PATHS.has(request.path)) {
      this.sendFailure(res, 404, `OpenAiStandIn does not serve ${request.method} ${request.path}.`);
      return;
    }
    let answer = this.nextAnswer(request, res);
    while (typeof answer === 'function') answer = answer(request);
    if (answer === undefined) return;
    const streaming = (request.body as { stream?: unknown } | undefined)?.stream === true;
    if (isError(answer)) this.later(res, answer.delayMs, () => this.sendOpenAiError(res, answer));
    else if (Array.isArray(answer) || isStream(answer)) this.sendChunks(res, Array.isArray(answer) ? { chunks: answer } : answer, streaming);
    else {
      const reply: OpenAiStandInReply = isReply(answer) ? answer : { body: answer };
      if (streaming) this.sendChunks(res, { chunks: OpenAiStandIn.chunksOf(reply.body), delayMs: reply.delayMs }, true);
      else this.later(res, reply.delayMs, () => this.sendJson(res, 200, reply.body));
    }
  }

  protected sendFailure(res: ServerResponse, status: number, message: string): void {
    this.sendOpenAiError(res, { status, error: message });
  }

  private sendChunks(res: ServerResponse, stream: OpenAiStandInStream, streaming: boolean): void {
    if (!streaming) {
      this.sendFailure(res, 500, 'OpenAiStandIn: a stream (chunks) was scripted for a request without stream: true. Script a ChatCompletion body.');
      return;
    }
    const frames = [...stream.chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`), 'data: [DONE]\n\n'];
    this.sendSse(res, { frames, delayMs: stream.delayMs, chunkDelayMs: stream.chunkDelayMs, burst: stream.burst });
  }

  private sendOpenAiError(res: ServerResponse, answer: OpenAiStandInError): void {
    const error = typeof answer.error === 'string' ? { message: answer.error } : answer.error;
    this.sendJson(res, answer.status, { error: { type: ERROR_TYPES.get(answer.status) ?? 'server_error', param: null, code: null, ...error } });
  }
}

interface Message {
  content: string | null;
  tool_calls?: Array<{ id?: string; function: { name: string; arguments: string } }>;
}

let completions = 0;

function completion(message: object, finishReason: string, usage: { prompt_tokens: number; completion_tokens: number }): object {
  return {
    id: `chatcmpl-standin-${++completions}`,
    object: 'chat.completion',
    created: 0,
    model: 'stand-in',
    choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

function isError(answer: OpenAiStandInAnswer): answer is OpenAiStandInError {
  return typeof (answer as OpenAiStandInError).status === 'number' && 'error' in (answer as object);
}

function isStream(answer: OpenAiStandInAnswer): answer is OpenAiStandInStream {
  return Array.isArray((answer as OpenAiStandInStream).chunks);
}

function isReply(answer: OpenAiStandInAnswer): answer is OpenAiStandInReply {
  return 'body' in (answer as object) && typeof (answer as OpenAiStandInReply).body === 'object';
}
