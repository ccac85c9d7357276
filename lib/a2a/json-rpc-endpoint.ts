import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentCard } from '@a2a-js/sdk';
import type { A2ARequestHandler, User } from '@a2a-js/sdk/server';
import type { A2aSdk } from './load-a2a-sdk.js';
import { JSON_RPC_ERRORS } from './json-rpc-error-codes.js';
import { STREAMING_STATE_KEY } from './streaming-state-key.js';

/** The methods that run the agent with the model's streaming on (v1.0 and v0.3 names). */
const SEND_STREAMING_METHODS = new Set(['SendStreamingMessage', 'message/stream']);

/**
 * What one JSON-RPC call needs: the SDK, its request handler and card, the authenticated user
 * and the body limit.
 *
 * @example
 * ```ts
 * answerJsonRpc(req, res, { sdk, handler, card, userId: 'alice', maxBodyBytes: 1 << 20 });
 * ```
 */
export interface JsonRpcCall {
  sdk: A2aSdk;
  handler: A2ARequestHandler;
  card: AgentCard;
  userId: string;
  maxBodyBytes: number;
}

/**
 * Answers one A2A JSON-RPC request on `node:http` with the SDK's framework-agnostic transport
 * handlers (no Express): v1.0 when the `A2A-Version` header says so, the SDK's v0.3 layer when it
 * is absent or `0.3`. JSON-RPC's own errors come first: a body larger than `maxBodyBytes` is
 * refused with HTTP 413, a body that is not JSON answers -32700, a request that is not JSON-RPC
 * -32600, an unknown method -32601 (from the SDK); a body not sent as JSON (a browser's
 * cross-site form or `text/plain` post) is refused with HTTP 415. A streaming method answers
 * `text/event-stream`; when the client goes away the task goes on, and its events still reach
 * the task store (see `streamEvents`).
 *
 * @example
 * ```ts
 * http.createServer((req, res) => void answerJsonRpc(req, res, call));
 * ```
 */
export async function answerJsonRpc(req: IncomingMessage, res: ServerResponse, call: JsonRpcCall): Promise<void> {
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(header(req, 'content-type') ?? '')) {
    req.resume();
    return sendJson(res, 415, rpcError(null, JSON_RPC_ERRORS.invalidRequest, 'A2A JSON-RPC takes a JSON body: send it with Content-Type: application/json.'));
  }
  const body = await readBody(req, call.maxBodyBytes);
  if (body === undefined) return sendJson(res, 413, rpcError(null, JSON_RPC_ERRORS.invalidRequest, `The request body is larger than ${call.maxBodyBytes} bytes.`));
  const request = parseRequest(body);
  if ('error' in request) return sendJson(res, 200, request.error);
  const { sdk } = call;
  const versionHeader = header(req, 'a2a-version');
  const legacy = (versionHeader ?? '0.3').startsWith('0.3');
  const mapError = legacy ? sdk.legacyServer.LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError : sdk.server.JsonRpcTransportHandler.mapToJSONRPCError;
  const id = request.value['id'] ?? null;
  try {
    const context = new sdk.server.ServerCallContext({
      user: localUser(call.userId),
      ...(versionHeader ? { requestedVersion: versionHeader } : {}),
      state: new Map<string, unknown>([
        ['headers', req.headers],
        [STREAMING_STATE_KEY, SEND_STREAMING_METHODS.has(String(request.value['method']))],
      ]),
    });
    sdk.server.validateVersion(context.requestedVersion, call.card, 'JSONRPC');
    const transport = legacy ? new sdk.legacyServer.LegacyJsonRpcTransportHandler(call.handler) : new sdk.server.JsonRpcTransportHandler(call.handler);
    const answer = await transport.handle(request.value, context);
    if (!isAsyncIterable(answer)) return sendJson(res, 200, answer);
    const keepsTheTask = SEND_STREAMING_METHODS.has(String(request.value['method']));
    await streamEvents(res, answer, sdk, keepsTheTask, (error) => ({ jsonrpc: '2.0', id, error: mapError(error) }));
  } catch (error) {
    if (!res.headersSent) sendJson(res, 200, { jsonrpc: '2.0', id, error: mapError(error) });
    else res.end();
  }
}

/**
 * Writes the events as SSE. When the client goes away: a send stream is read on to its end,
 * unwritten, because the SDK saves each event to the task store only as the stream is read (left,
 * the task would stay `working` in the store while the agent goes on); a resubscription is left.
 */
async function streamEvents(
  res: ServerResponse,
  events: AsyncIterable<unknown>,
  sdk: A2aSdk,
  keepsTheTask: boolean,
  errorBody: (error: unknown) => unknown,
): Promise<void> {
  const iterator = events[Symbol.asyncIterator]();
  const stop = (): void => void (keepsTheTask ? undefined : iterator.return?.());
  let first: IteratorResult<unknown>;
  try {
    first = await iterator.next();
  } catch (error) {
    return sendJson(res, 200, errorBody(error));
  }
  for (const [name, value] of Object.entries(sdk.core.SSE_HEADERS)) res.setHeader(name, value);
  res.flushHeaders();
  res.once('close', stop);
  try {
    for (let step = first; !step.done; step = await iterator.next()) if (writable(res)) res.write(sdk.core.formatSSEEvent(step.value));
  } catch (error) {
    if (writable(res)) res.write(sdk.core.formatSSEErrorEvent(errorBody(error)));
  } finally {
    res.off('close', stop);
    if (!res.writableEnded) res.end();
  }
}

/** The body, or `undefined` when it is larger than `maxBytes` (what is left is drained). */
function readBody(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.once('end', () => resolve(size > maxBytes ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

type ParsedRequest = { value: Record<string, unknown> } | { error: unknown };

function parseRequest(body: string): ParsedRequest {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return { error: rpcError(null, JSON_RPC_ERRORS.parseError, `Parse error: the body is not JSON (${(error as Error).message}).`) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: rpcError(null, JSON_RPC_ERRORS.invalidRequest, 'Invalid Request: the body is not a JSON-RPC request object.') };
  }
  const request = value as Record<string, unknown>;
  const id = request['id'];
  const validId = id === undefined || id === null || typeof id === 'string' || typeof id === 'number';
  if (request['jsonrpc'] !== '2.0' || typeof request['method'] !== 'string' || !validId) {
    return { error: rpcError(validId ? (id ?? null) : null, JSON_RPC_ERRORS.invalidRequest, 'Invalid Request: a JSON-RPC 2.0 request needs "jsonrpc": "2.0" and a string "method".') };
  }
  return { value: request };
}

function rpcError(id: unknown, code: number, message: string): unknown {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function writable(res: ServerResponse): boolean {
  return !res.writableEnded && !res.destroyed;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === 'function';
}

function localUser(userName: string): User {
  return { isAuthenticated: true, userName };
}
