import type { ServerResponse } from 'node:http';
import { type RecordedRequest, ScriptedHttpServer } from './scripted-http-server.js';

export type { RecordedRequest } from './scripted-http-server.js';

/**
 * An HTTP error answer, in Anthropic's error shape (`{"type":"error","error":{"type","message"}}`).
 *
 * @example
 * ```ts
 * const overloaded: AnthropicStandInError = { status: 529, error: 'Overloaded' };
 * ```
 */
export interface AnthropicStandInError {
  status: number;
  error: string;
  delayMs?: number;
}

/**
 * A streamed answer: Messages stream events (`message_start`, `content_block_delta`, ...; an
 * `{type: 'error'}` event too), one server-sent event each.
 *
 * @example
 * ```ts
 * const slow: AnthropicStandInStream = { events: AnthropicStandIn.eventsOf(AnthropicStandIn.text('Hello there')), chunkDelayMs: 50 };
 * ```
 */
export interface AnthropicStandInStream {
  events: object[];
  delayMs?: number;
  chunkDelayMs?: number;
  /** How many chunks go out at once, before the `chunkDelayMs` pauses start. Default 1. */
  burst?: number;
}

/**
 * A non-streaming answer (a `Message` body) with a delay.
 *
 * @example
 * ```ts
 * const late: AnthropicStandInReply = { body: AnthropicStandIn.text('Hi'), delayMs: 100 };
 * ```
 */
export interface AnthropicStandInReply {
  body: object;
  delayMs?: number;
}

/**
 * One scripted answer: a `Message` body (it also answers a streaming request, as the events
 * {@link AnthropicStandIn.eventsOf} makes of it), an array of stream events, one of the explicit
 * forms, or a function of the request.
 *
 * @example
 * ```ts
 * const script: AnthropicStandInAnswer[] = [AnthropicStandIn.toolUses([{ id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }]), AnthropicStandIn.text('Sunny.')];
 * ```
 */
export type AnthropicStandInAnswer =
  | object
  | object[]
  | AnthropicStandInReply
  | AnthropicStandInStream
  | AnthropicStandInError
  | ((request: RecordedRequest) => AnthropicStandInAnswer);

/** A tool use for {@link AnthropicStandIn.toolUses}; without `id` the stand-in makes one up (the API always sends ids). */
export interface AnthropicStandInToolUse {
  id?: string;
  name: string;
  input: Record<string, unknown>;
}

const ERROR_TYPES = new Map([
  [400, 'invalid_request_error'],
  [401, 'authentication_error'],
  [403, 'permission_error'],
  [404, 'not_found_error'],
  [413, 'request_too_large'],
  [429, 'rate_limit_error'],
  [529, 'overloaded_error'],
]);

/**
 * A local HTTP server (127.0.0.1, random port) that speaks Anthropic's Messages API as the
 * official `@anthropic-ai/sdk` uses it, so tests drive the real SDK — through `AnthropicLlm` with
 * `baseURL: standIn.baseUrl` — with no network and no key:
 * - `POST /v1/messages` → a JSON `Message`, or with `stream: true` server-sent events
 *   (`event: <type>` + `data: {json}`);
 * - scripted HTTP errors and in-stream `error` events in Anthropic's error shape;
 * - requests recorded ({@link requests}), early hang-ups counted ({@link disconnects},
 *   `whenDisconnected()`), slow streams (`chunkDelayMs`).
 * Node-only.
 *
 * @example
 * ```ts
 * const standIn = await AnthropicStandIn.start({ script: [AnthropicStandIn.text('Hi!')] });
 * const claude = new AnthropicLlm({ model: 'claude-sonnet-5-5', apiKey: 'test', baseURL: standIn.baseUrl });
 * // ... claude.generateContent(request) ...
 * await standIn.close();
 * ```
 */
export class AnthropicStandIn extends ScriptedHttpServer<AnthropicStandInAnswer> {
  /** Starts a stand-in on 127.0.0.1 and a random free port. */
  static start(options: { script?: AnthropicStandInAnswer[] } = {}): Promise<AnthropicStandIn> {
    return ScriptedHttpServer.listen().then(({ server, baseUrl }) => new AnthropicStandIn(server, baseUrl, options.script ?? []));
  }

  /** A `Message` whose content is `text` (after a thinking block, when `thinking` is given). */
  static text(text: string, options: { thinking?: string; usage?: { input_tokens: number; output_tokens: number } } = {}): object {
    const thinking = options.thinking ? [{ type: 'thinking', thinking: options.thinking, signature: `sig-${options.thinking.length}` }] : [];
    return message([...thinking, { type: 'text', text }], 'end_turn', options.usage);
  }

  /** A `Message` that uses tools (in parallel when several). */
  static toolUses(uses: readonly AnthropicStandInToolUse[], usage?: { input_tokens: number; output_tokens: number }): object {
    const blocks = uses.map((use) => ({ type: 'tool_use', id: use.id ?? `toolu_standin_${++toolUseIds}`, name: use.name, input: use.input }));
    return message(blocks, 'tool_use', usage);
  }

  /**
   * A `Message` as the events a streaming server sends: `message_start`, for each block a start,
   * its deltas (text word by word, thinking and its signature, tool input JSON in two fragments)
   * and a stop, then `message_delta` with the stop reason and the output usage, and `message_stop`.
   */
  static eventsOf(body: object): object[] {
    const { content, stop_reason, usage, ...rest } = body as { content: Array<Record<string, unknown>>; stop_reason: string; usage: { output_tokens: number } };
    const blocks = content.flatMap((block, index) => [
      { type: 'content_block_start', index, content_block: emptied(block) },
      ...deltasOf(block).map((delta) => ({ type: 'content_block_delta', index, delta })),
      { type: 'content_block_stop', index },
    ]);
    return [
      { type: 'message_start', message: { ...rest, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } },
      ...blocks,
      { type: 'message_delta', delta: { stop_reason, stop_sequence: null }, usage: { output_tokens: usage.output_tokens } },
      { type: 'message_stop' },
    ];
  }

  protected handle(request: RecordedRequest, res: ServerResponse): void {
    if (request.method !== 'POST' || request.path !== '/v1/messages') {
      this.sendFailure(res, 404, `AnthropicStandIn does not serve ${request.method} ${request.path}.`);
      return;
    }
    let answer = this.nextAnswer(request, res);
    while (typeof answer === 'function') answer = answer(request);
    if (answer === undefined) return;
    const streaming = (request.body as { stream?: unknown } | undefined)?.stream === true;
    if (isError(answer)) this.later(res, answer.delayMs, () => this.sendFailure(res, answer.status, answer.error));
    else if (Array.isArray(answer) || isStream(answer)) this.sendEvents(res, Array.isArray(answer) ? { events: answer } : answer, streaming);
    else {
      const reply: AnthropicStandInReply = isReply(answer) ? answer : { body: answer };
      if (streaming) this.sendEvents(res, { events: AnthropicStandIn.eventsOf(reply.body), delayMs: reply.delayMs }, true);
      else this.later(res, reply.delayMs, () => this.sendJson(res, 200, reply.body));
    }
  }

  protected sendFailure(res: ServerResponse, status: number, message: string): void {
    this.sendJson(res, status, { type: 'error', error: { type: ERROR_TYPES.get(status) ?? 'api_error', message } });
  }

  private sendEvents(res: ServerResponse, stream: AnthropicStandInStream, streaming: boolean): void {
    if (!streaming) {
      this.sendFailure(res, 500, 'AnthropicStandIn: stream events were scripted for a request without stream: true. Script a Message body.');
      return;
    }
    const frames = stream.events.map((event) => `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`);
    this.sendSse(res, { frames, delayMs: stream.delayMs, chunkDelayMs: stream.chunkDelayMs, burst: stream.burst });
  }
}

let messageIds = 0;
let toolUseIds = 0;

function message(content: object[], stopReason: string, usage = { input_tokens: 10, output_tokens: 5 }): object {
  return { id: `msg_standin_${++messageIds}`, type: 'message', role: 'assistant', model: 'stand-in', content, stop_reason: stopReason, stop_sequence: null, usage };
}

function emptied(block: Record<string, unknown>): object {
  if (block['type'] === 'text') return { type: 'text', text: '' };
  if (block['type'] === 'thinking') return { type: 'thinking', thinking: '', signature: '' };
  if (block['type'] === 'tool_use') return { ...block, input: {} };
  return block;
}

function deltasOf(block: Record<string, unknown>): object[] {
  if (block['type'] === 'text') return (block['text'] as string).split(/(?<= )/).map((text) => ({ type: 'text_delta', text }));
  if (block['type'] === 'thinking') return [{ type: 'thinking_delta', thinking: block['thinking'] }, { type: 'signature_delta', signature: block['signature'] }];
  if (block['type'] === 'tool_use') {
    const json = JSON.stringify(block['input']);
    const half = Math.ceil(json.length / 2);
    return [{ type: 'input_json_delta', partial_json: json.slice(0, half) }, { type: 'input_json_delta', partial_json: json.slice(half) }];
  }
  return [];
}

function isError(answer: AnthropicStandInAnswer): answer is AnthropicStandInError {
  return typeof (answer as AnthropicStandInError).status === 'number' && typeof (answer as AnthropicStandInError).error === 'string';
}

function isStream(answer: AnthropicStandInAnswer): answer is AnthropicStandInStream {
  return Array.isArray((answer as AnthropicStandInStream).events);
}

function isReply(answer: AnthropicStandInAnswer): answer is AnthropicStandInReply {
  return 'body' in (answer as object) && typeof (answer as AnthropicStandInReply).body === 'object';
}
