import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A request a stand-in server received.
 *
 * @example
 * ```ts
 * const [first] = standIn.requests;
 * first.path;                          // '/v1/chat/completions'
 * first.headers['authorization'];      // 'Bearer test-key'
 * (first.body as { model: string }).model;
 * ```
 */
export interface RecordedRequest {
  method: string;
  /** The URL path, e.g. `/v1/messages`. */
  path: string;
  /** The query parameters, e.g. `{ alt: 'sse' }`. */
  query: Record<string, string>;
  /** The request headers (lower-case names). */
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (`undefined` when empty; the raw text when it is not JSON). */
  body: unknown;
}

/**
 * A stream of server-sent events: the frames (already formatted, e.g. `data: {...}\n\n`) and their
 * timing.
 *
 * @example
 * ```ts
 * const frames: SseFrames = { frames: ['data: {"n":1}\n\n', 'data: [DONE]\n\n'], chunkDelayMs: 50 };
 * ```
 */
export interface SseFrames {
  frames: string[];
  /** Wait this long before sending the response headers. */
  delayMs?: number;
  /** Wait this long between two frames (the first frame goes out with the headers). */
  chunkDelayMs?: number;
  /** How many frames go out at once with the headers, before the delays start. Default 1. */
  burst?: number;
  /**
   * Paces the frames by the client instead of a clock: after each frame (given how many have been
   * sent), the next one waits until this settles (and then `chunkDelayMs`, if any). A browser test
   * sends the next chunk once the page shows the last one, so a loaded machine cannot merge them.
   */
  nextChunk?: (sent: number) => PromiseLike<unknown>;
}

/**
 * The generic part of the model stand-ins ({@link GeminiStandIn}, `OpenAiStandIn`,
 * `AnthropicStandIn`): a local HTTP server on 127.0.0.1 and a random port that answers from a
 * script, in order, records every request in {@link requests}, and counts the clients that hang
 * up before their answer is complete ({@link disconnects}). A subclass routes each request
 * ({@link handle}) and says how its provider frames errors ({@link sendFailure}). Node-only.
 *
 * @example
 * ```ts
 * class EchoStandIn extends ScriptedHttpServer<string> {
 *   static start() { return ScriptedHttpServer.listen().then(({ server, baseUrl }) => new EchoStandIn(server, baseUrl, [])); }
 *   protected handle(request: RecordedRequest, res: ServerResponse) {
 *     const answer = this.nextAnswer(request, res);
 *     if (answer !== undefined) this.sendJson(res, 200, { echo: answer });
 *   }
 *   protected sendFailure(res: ServerResponse, status: number, message: string) { this.sendJson(res, status, { message }); }
 * }
 * ```
 */
export abstract class ScriptedHttpServer<Answer, Request extends RecordedRequest = RecordedRequest> {
  /** Every request received, in order. */
  readonly requests: Request[] = [];
  /** How many clients closed the connection before their answer was complete. */
  disconnects = 0;

  private readonly script: Array<Answer | ((request: Request) => Answer)>;
  private answered = 0;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly disconnectWaiters: Array<{ count: number; resolve: () => void }> = [];

  protected constructor(
    private readonly server: Server,
    /** The server's address, e.g. `http://127.0.0.1:54321`. */
    readonly baseUrl: string,
    script: ReadonlyArray<Answer | ((request: Request) => Answer)>,
  ) {
    this.script = [...script];
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => this.receive(req, res));
  }

  /** Starts an HTTP server on 127.0.0.1 and a random free port. */
  protected static listen(): Promise<{ server: Server; baseUrl: string }> {
    const server = createServer();
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({ server, baseUrl: `http://127.0.0.1:${port}` });
      });
    });
  }

  /** Routes and answers one request (already recorded and watched for an early hang-up). */
  protected abstract handle(request: Request, res: ServerResponse): void;

  /** Sends an HTTP error in the provider's error shape. */
  protected abstract sendFailure(res: ServerResponse, status: number, message: string): void;

  /** Adds the provider's own fields to a recorded request (e.g. the model named in the path). */
  protected describe(request: RecordedRequest): Request {
    return request as Request;
  }

  /** The stand-in's name in its error messages. */
  protected get label(): string {
    return this.constructor.name;
  }

  /** Appends answers to the script. */
  enqueue(...answers: Array<Answer | ((request: Request) => Answer)>): void {
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

  /**
   * The next scripted answer for `request` (a function in the script is called with it), or
   * `undefined` after answering with an HTTP 500 that says why: the script ran out, or the
   * function threw.
   */
  protected nextAnswer(request: Request, res: ServerResponse): Answer | undefined {
    const index = this.answered++;
    const entry = this.script[index];
    if (index >= this.script.length) {
      this.sendFailure(
        res,
        500,
        `${this.label}: the script ran out. Request #${index + 1} (${request.method} ${request.path}) has no ` +
          `scripted answer; the script has ${this.script.length}. Add answers to the script (or call enqueue()).`,
      );
      return undefined;
    }
    try {
      return typeof entry === 'function' ? (entry as (request: Request) => Answer)(request) : entry;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.sendFailure(res, 500, `${this.label}: script answer #${index + 1} (a function) threw: ${reason}`);
      return undefined;
    }
  }

  /** Sends a JSON body. */
  protected sendJson(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  /**
   * Sends server-sent events: the first `burst` frames (default 1) at once, then one frame every
   * `chunkDelayMs`; without a delay, all of them at once.
   */
  protected sendSse(res: ServerResponse, stream: SseFrames): void {
    const { frames } = stream;
    this.later(res, stream.delayMs, () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.flushHeaders();
      const paced = stream.chunkDelayMs !== undefined || stream.nextChunk !== undefined;
      const sendFrom = (start: number): void => {
        const end = paced ? Math.min(frames.length, start + (start === 0 ? Math.max(1, stream.burst ?? 1) : 1)) : frames.length;
        for (let i = start; i < end; i++) res.write(frames[i]!);
        if (end >= frames.length) res.end();
        else if (stream.nextChunk) stream.nextChunk(end).then(() => this.later(res, stream.chunkDelayMs, () => sendFrom(end)), () => res.destroy());
        else this.later(res, stream.chunkDelayMs, () => sendFrom(end));
      };
      sendFrom(0);
    });
  }

  /** Runs `action` after `delayMs` (at once without a delay), unless the client has gone. */
  protected later(res: ServerResponse, delayMs: number | undefined, action: () => void): void {
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

  private receive(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', this.baseUrl);
      const request = this.describe({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: parseBody(Buffer.concat(chunks).toString('utf8')),
      });
      this.requests.push(request);
      this.watchForDisconnect(res);
      this.handle(request, res);
    });
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

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
